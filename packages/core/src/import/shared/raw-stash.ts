import { parsePage } from '../../markdown/parse-page.js';
import type { Block, RawMarkdown } from '../../model/blocks.js';
import type { JSONDocument } from '../../model/document.js';

/**
 * Source the converter must not read (MDX components, comments) is replaced by a placeholder
 * paragraph before `parsePage` and put back afterwards as a verbatim `markdown` block, so it
 * survives byte for byte wherever it sat (top level, inside a hint or a tab). Source that a later
 * read of the space's markdown would not give back as the same verbatim block (a component
 * spanning lines the markdown reader takes for a paragraph, and reflows) is put back as an `mdx`
 * code block instead: still every byte, and what the space stores is what was sent.
 */
export class RawStash {
  #raws: string[] = [];
  readonly #prefix: string;
  /** A placeholder line, and a placeholder anywhere in a text: made once something is stashed. */
  #patterns: { line: RegExp; anywhere: RegExp } | undefined;

  /** `salt` keeps placeholders from matching text a page could contain. */
  constructor(salt: string) {
    this.#prefix = `DOCSYNCRAW${salt.replace(/[^A-Za-z0-9]/g, '')}X`;
  }

  get #line(): RegExp {
    return this.#compiled().line;
  }

  get #anywhere(): RegExp {
    return this.#compiled().anywhere;
  }

  #compiled(): { line: RegExp; anywhere: RegExp } {
    this.#patterns ??= {
      line: new RegExp(`^${this.#prefix}(\\d+)Z$`),
      anywhere: new RegExp(`${this.#prefix}(\\d+)Z`, 'g'),
    };
    return this.#patterns;
  }

  /** Whether anything was stashed. */
  get size(): number {
    return this.#raws.length;
  }

  /** Stores `markdown` and returns the placeholder line to write in its place. */
  stash(markdown: string): string {
    this.#raws.push(markdown);
    return `${this.#prefix}${this.#raws.length - 1}Z`;
  }

  /** Whether a line is one of this stash's placeholders. */
  isPlaceholder(line: string): boolean {
    return line.includes(this.#prefix) && this.#line.test(line.trim());
  }

  /**
   * The document with every placeholder paragraph replaced by its verbatim block. What holds no
   * placeholder is returned as it is, not copied.
   */
  restore(document: JSONDocument): JSONDocument {
    if (this.#raws.length === 0) return document;
    const restoreValue = (value: unknown): unknown => {
      if (Array.isArray(value)) {
        let out: unknown[] | undefined;
        for (let index = 0; index < value.length; index++) {
          const item: unknown = value[index];
          const next = restoreValue(item);
          if (next !== item) out ??= value.slice();
          if (out !== undefined) out[index] = next;
        }
        return out ?? value;
      }
      if (typeof value !== 'object' || value === null) return value;
      const record = value as Record<string, unknown>;
      if (record.object === 'block' && record.type === 'paragraph') {
        const index = this.#line.exec(plainText(record))?.[1];
        const raw = index === undefined ? undefined : this.#raws[Number(index)];
        if (raw !== undefined) return verbatimBlock(raw);
      }
      // A placeholder the parser did not leave as a paragraph of its own (inside a table cell,
      // say) still gets its text back.
      if (record.object === 'leaf' && typeof record.text === 'string') {
        if (!record.text.includes(this.#prefix)) return record;
        const text = record.text.replace(
          this.#anywhere,
          (match, index: string) => this.#raws[Number(index)] ?? match,
        );
        return { ...record, text };
      }
      let out: Record<string, unknown> | undefined;
      for (const key in record) {
        const child = record[key];
        const next = restoreValue(child);
        if (next !== child) {
          out ??= { ...record };
          out[key] = next;
        }
      }
      return out ?? record;
    };
    return restoreValue(document) as JSONDocument;
  }
}

function plainText(node: unknown): string {
  if (typeof node !== 'object' || node === null) return '';
  const record = node as Record<string, unknown>;
  if (typeof record.text === 'string') return record.text;
  const children = Array.isArray(record.nodes)
    ? record.nodes
    : Array.isArray(record.leaves)
      ? record.leaves
      : [];
  return children.map(plainText).join('');
}

/**
 * What {@link verbatimBlock} made of each text lately: sites repeat the same components on many
 * pages, and a read of the text to check it costs a parse. Bounded, oldest out first.
 */
const verbatimCache = new Map<string, Block>();
const verbatimCacheSize = 2_000;

/** `raw` as a block the space's markdown reader gives back unchanged. */
function verbatimBlock(raw: string): Block {
  const cached = verbatimCache.get(raw);
  if (cached !== undefined) return structuredClone(cached);
  const block = readVerbatim(raw);
  if (verbatimCache.size >= verbatimCacheSize) {
    const oldest = verbatimCache.keys().next().value;
    if (oldest !== undefined) verbatimCache.delete(oldest);
  }
  verbatimCache.set(raw, block);
  return structuredClone(block);
}

function readVerbatim(raw: string): Block {
  const block: RawMarkdown = {
    object: 'block',
    type: 'markdown',
    isVoid: true,
    data: { markdown: raw },
  };
  const reread = parsePage(`${raw}\n`).document.nodes;
  const only = reread[0];
  if (reread.length === 1 && only?.type === 'markdown' && only.data.markdown === raw) return block;
  const longest = Math.max(2, ...(raw.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const code = parsePage(`${fence}mdx\n${raw}\n${fence}\n`).document.nodes;
  return code.length === 1 && code[0] !== undefined ? code[0] : block;
}
