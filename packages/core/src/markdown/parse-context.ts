import type {
  Blockquote,
  Break,
  Definition,
  FootnoteDefinition,
  Image,
  Link,
  Nodes,
  PhrasingContent,
  RootContent,
  Text as MdastText,
} from 'mdast';
import type { Block, RawMarkdown } from '../model/blocks.js';
import type { InlineContent } from '../model/inlines.js';
import type { Mark } from '../model/text.js';
import type { Diagnostic, Severity } from '../diagnostic.js';
import { readsAs, writtenDestination, writtenSource } from './written-text.js';

/** Converts flow nodes to blocks; registered per mdast node type. */
export type FlowHandler = (node: never, context: ParseContext) => Block[];

/** The functions a parse context dispatches to (kept apart so handler files do not import it). */
export interface ParseDispatch {
  flow(node: RootContent, context: ParseContext): Block[];
  phrasing(
    nodes: readonly PhrasingContent[],
    marks: readonly Mark[],
    context: ParseContext,
  ): InlineContent[];
}

/** State of one page conversion: the source for verbatim slices, and the diagnostics so far. */
export class ParseContext {
  readonly diagnostics: Diagnostic[] = [];
  /** The footnote definitions the page references, by identifier: the bodies of annotations. */
  readonly footnoteDefinitions = new Map<string, FootnoteDefinition>();
  /** The link reference definitions some `[text][id]` uses, by identifier. */
  linkDefinitions = new Map<string, Definition>();
  readonly #source: string;
  readonly #lineOffset: number;
  readonly #dispatch: ParseDispatch;

  /**
   * @param source the markdown body the mdast positions point into
   * @param lineOffset lines before the body in the file (front matter), added to reported lines
   */
  constructor(source: string, lineOffset: number, dispatch: ParseDispatch) {
    this.#source = source;
    this.#lineOffset = lineOffset;
    this.#dispatch = dispatch;
  }

  /**
   * Converts sibling flow nodes. Runs of extra blank lines between blocks are empty paragraphs
   * (GitBook writes an empty paragraph as an empty line: `a\n\n\n\nb` holds one).
   */
  blocks(nodes: readonly RootContent[], afterLine?: number): Block[] {
    const out: Block[] = [];
    let previousEnd: number | undefined = afterLine;
    for (const node of nodes) {
      if (node.type === 'definition') {
        // A used definition lives on in the links that use it; an unused one is kept as written.
        const used = this.linkDefinitions.get(node.identifier) === node;
        if (!used) {
          out.push(
            this.raw(
              node,
              'link-definition',
              'a link definition nothing uses is kept verbatim',
              'info',
            ),
          );
        }
        previousEnd = node.position?.end.line ?? previousEnd;
        continue;
      }
      const start = node.position?.start.line;
      if (previousEnd !== undefined && start !== undefined) {
        out.push(...emptyParagraphs(Math.floor((start - previousEnd - 2) / 2)));
      }
      out.push(...this.#dispatch.flow(node, this));
      previousEnd = contentEndLine(node) ?? previousEnd;
    }
    return out;
  }

  /** Converts phrasing content under the given marks. */
  inlines(nodes: readonly PhrasingContent[], marks: readonly Mark[] = []): InlineContent[] {
    return this.#dispatch.phrasing(nodes, marks, this);
  }

  /**
   * How a one-line text was written, when it escapes more than the exporter would: kept so that
   * it is written back the same (see `Leaf.source`). Text read from another source (an HTML
   * fragment parsed on its own) does not read back from this one, and gets none.
   */
  writtenText(node: MdastText): string | undefined {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return undefined;
    const written = this.#source.slice(start, end);
    const source = written.includes('\n')
      ? undefined
      : node.data?.edgeSpaces === true && written === node.value
        ? written
        : (writtenSource(written, node.value, true) ??
          // Only white space escaped (`&#x20;`): no form of its own, but a neighbour's source
          // joined with this text must hold it as written, not as a bare space that a paragraph's
          // start would trim.
          (written !== node.value && readsAs(written, node.value) ? written : undefined));
    if (source !== undefined) this.keptWrittenText = true;
    return source;
  }

  /** The spaces and tabs after a node, when nothing but a line ending (or the end) follows. */
  spacesAfter(node: Nodes): string {
    const end = node.position?.end.offset;
    if (end === undefined) return '';
    return /^[ \t]+(?=\n|$)/.exec(this.#source.slice(end, end + 256))?.[0] ?? '';
  }

  /**
   * A hard break written as two or more spaces before the line ending (the 2018–21 exporter's
   * form), to keep as written; the exporter's own `\` form needs nothing kept.
   */
  writtenBreak(node: Break): string | undefined {
    if (node.data?.source === '\\') {
      this.keptWrittenText = true;
      return '\\\n';
    }
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return undefined;
    // The break's end may take in the next line's container indentation (inside a list item).
    const written = /^ {2,}\n/.exec(this.#source.slice(start, end))?.[0];
    if (written === undefined) return undefined;
    this.keptWrittenText = true;
    return written;
  }

  /**
   * Whether a paragraph's last text ends with a backslash written as is (`text.\` at the end of
   * a paragraph): the exporter's hard break at the end of a paragraph, which CommonMark reads as
   * a backslash.
   */
  endsWithBareBackslash(node: MdastText): boolean {
    const end = node.position?.end.offset;
    if (end === undefined || !node.value.endsWith('\\')) return false;
    let count = 0;
    while (this.#source.charAt(end - 1 - count) === '\\') count++;
    return count % 2 === 1;
  }

  /** Where the block quotes being read end (offsets), innermost last. */
  readonly #quoteEnds: number[] = [];

  /** Converts a block quote's blocks (see {@link lineEndingsAfter}). */
  quoteBlocks(node: Blockquote): Block[] {
    const end = node.position?.end.offset;
    if (end === undefined) return this.blocks(node.children);
    this.#quoteEnds.push(end);
    try {
      return this.blocks(node.children);
    } finally {
      this.#quoteEnds.pop();
    }
  }

  /**
   * How many line endings follow a node before the next non-blank character, within the block
   * quote it is in (its `>` markers are not characters), and whether that quote ends first (its
   * last lines are blank: `> text\`, then `>`).
   */
  lineEndingsAfter(node: Nodes): { count: number; quoteEnds: boolean } {
    const quoteEnd = this.#quoteEnds.at(-1);
    const end = quoteEnd ?? this.#source.length;
    let at = node.position?.end.offset ?? this.#source.length;
    let count = 0;
    let markers = 0;
    for (; at < end; at++) {
      const char = this.#source.charAt(at);
      if (char === '\n') {
        count++;
        markers = this.#quoteEnds.length;
      } else if (char === '>' && markers > 0) markers--;
      else if (char !== ' ' && char !== '\t') break;
    }
    return { count, quoteEnds: quoteEnd !== undefined && at >= quoteEnd };
  }

  /** A link's or image's destination as written, when it escapes more than the exporter would. */
  writtenDestination(node: Link | Image): string | undefined {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return undefined;
    // From the end of the link text (a `](` inside it is escaped or inside a code span).
    const textEnd = node.type === 'link' ? node.children.at(-1)?.position?.end.offset : undefined;
    const written = this.#source.slice(textEnd ?? start, end);
    const source = written.includes('\n') ? undefined : writtenDestination(written, node.url);
    if (source !== undefined) this.keptWrittenText = true;
    return source;
  }

  /** Whether some text or destination was kept as written (see {@link writtenText}). */
  keptWrittenText = false;

  /** The markdown a node was written as, with its container indentation removed. */
  sourceOf(node: Nodes): string {
    const start = node.position?.start;
    const end = node.position?.end;
    if (start?.offset === undefined || end?.offset === undefined) return '';
    const text = this.#source.slice(start.offset, end.offset);
    if (start.column <= 1) return text;
    const indent = start.column - 1;
    return text
      .split('\n')
      .map((line, index) => (index === 0 ? line : stripPrefix(line, indent)))
      .join('\n');
  }

  /** Keeps a node verbatim as a raw markdown block and reports why. */
  raw(node: Nodes, ruleId: string, message: string, severity: Severity = 'warning'): RawMarkdown {
    this.report(node, ruleId, message, severity);
    return {
      object: 'block',
      type: 'markdown',
      isVoid: true,
      // Line endings after the node separate it from the next block; they are not its content.
      data: { markdown: this.#closeFence(node, this.sourceOf(node).replace(/\n+$/, '')) },
    };
  }

  /**
   * A fence left open runs to the end of its container. At the end of the page it is kept as
   * written; in front of anything else (an `{% endhint %}`, a later sibling of its container) it
   * would swallow that on the next read, so it gets its closing fence (its content is unchanged).
   */
  #closeFence(node: Nodes, markdown: string): string {
    const end = node.position?.end.offset;
    if (end === undefined || this.#source.slice(end).trim() === '') return markdown;
    return closeFence(node, markdown);
  }

  /** Records a diagnostic at a node's position. */
  report(
    node: Nodes | undefined,
    ruleId: string,
    message: string,
    severity: Severity = 'warning',
  ): void {
    const start = node?.position?.start;
    this.diagnostics.push({
      ruleId,
      severity,
      message,
      ...(start ? { line: start.line + this.#lineOffset, column: start.column } : {}),
    });
  }
}

/** The markdown of a code or math fence, with its closing fence added when it has none. */
function closeFence(node: Nodes, markdown: string): string {
  if (node.type !== 'code' && node.type !== 'math') return markdown;
  const lines = markdown.split('\n');
  const opening = /^ {0,3}(`{3,}|~{3,}|\${2,})/.exec(lines[0] ?? '')?.[1];
  if (opening === undefined) return markdown;
  const closing = new RegExp(
    `^ {0,3}${opening[0] === '$' ? '\\$' : opening[0]}{${opening.length},}[ \t]*$`,
  );
  const last = lines[lines.length - 1] ?? '';
  return lines.length > 1 && closing.test(last) ? markdown : `${markdown}\n${opening}`;
}

function stripPrefix(line: string, width: number): string {
  let index = 0;
  while (index < width && index < line.length && (line[index] === ' ' || line[index] === '>'))
    index++;
  return line.slice(index);
}

/**
 * The line a node's content ends on: a list (and an item ending with one) in a block quote takes
 * in the quote's blank lines after it, where its last item's content ends before them.
 */
export function contentEndLine(node: Nodes): number | undefined {
  if (node.type === 'list' || node.type === 'listItem') {
    const last = node.children[node.children.length - 1];
    if (last !== undefined && (node.type === 'list' || last.type === 'list'))
      return contentEndLine(last);
  }
  return node.position?.end.line;
}

/** `count` empty paragraphs (none for a non-positive count). */
export function emptyParagraphs(count: number): Block[] {
  return Array.from({ length: Math.max(0, count) }, () => ({
    object: 'block' as const,
    type: 'paragraph' as const,
    data: {},
    nodes: [
      { object: 'text' as const, leaves: [{ object: 'leaf' as const, text: '', marks: [] }] },
    ],
  }));
}
