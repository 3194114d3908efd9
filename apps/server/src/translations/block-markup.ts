import type { DocumentNode } from './text-blocks.js';
import type { Glossary } from './glossary.js';

interface Leaf {
  object: 'leaf';
  text: string;
  /** Absent in hand-written documents (instructions): no marks. */
  marks?: { type: string }[];
}

/** What a tag of the markup stands for. */
type Slot =
  /** `<m3>…</m3>`: text with these marks. */
  | { kind: 'marks'; marks: NonNullable<Leaf['marks']> }
  /** `<l3>…</l3>`: an inline with text inside (a link), its text translated. */
  | { kind: 'inline'; node: DocumentNode }
  /** `<x3/>`: kept as it is (inline code, an emoji, a mention, an expression). */
  | { kind: 'kept'; node: DocumentNode }
  /** `<g3/>`: a glossary term, written as the glossary says. */
  | { kind: 'term'; text: string };

/** A text block as the text a translator gets, and what its tags stand for. */
export interface BlockMarkup {
  text: string;
  slots: Slot[];
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * A text block as XML-like markup: its text with tags for marks, links and what must not change
 * (inline code, voids, glossary terms), the form translation services keep tags in (DeepL's
 * `tag_handling: xml`, LibreTranslate's `html`). Only text between tags is translated.
 */
export function toMarkup(block: DocumentNode, glossary: Glossary): BlockMarkup {
  const slots: Slot[] = [];
  const add = (slot: Slot) => slots.push(slot) - 1;
  const terms = (text: string) =>
    glossary
      .split(text)
      .map((part) =>
        part.term === undefined
          ? escape(part.text)
          : `<g${String(add({ kind: 'term', text: part.term }))}/>`,
      )
      .join('');
  const leaf = (item: Leaf): string => {
    const marks = item.marks ?? [];
    if (marks.some((mark) => mark.type === 'code'))
      return `<x${String(add({ kind: 'kept', node: item as unknown as DocumentNode }))}/>`;
    if (marks.length === 0) return terms(item.text);
    const index = String(add({ kind: 'marks', marks }));
    return `<m${index}>${terms(item.text)}</m${index}>`;
  };
  const children = (nodes: readonly DocumentNode[]): string =>
    nodes
      .map((node) => {
        if (node.object === 'text')
          return ((node['leaves'] as Leaf[] | undefined) ?? []).map(leaf).join('');
        if (node.object === 'inline' && node.type === 'link' && Array.isArray(node.nodes)) {
          const { nodes: inner, ...rest } = node;
          const index = String(add({ kind: 'inline', node: rest }));
          return `<l${index}>${children(inner)}</l${index}>`;
        }
        return `<x${String(add({ kind: 'kept', node }))}/>`;
      })
      .join('');
  return { text: children(block.nodes ?? []), slots };
}

/** The text of markup without its tags (what the pseudo translator and word counts read). */
export function markupText(text: string): string {
  return unescape(text.replace(/<\/?[mlxg]\d+\/?>/g, ''));
}

const TAG = /<(\/?)([mlxg])(\d+)(\/?)>/g;

/** Text nodes for leaves: one per run between inlines. */
function withTexts(items: (Leaf | DocumentNode)[]): DocumentNode[] {
  const out: DocumentNode[] = [];
  let leaves: Leaf[] = [];
  const flush = () => {
    if (leaves.length > 0) out.push({ object: 'text', leaves });
    leaves = [];
  };
  for (const item of items) {
    if (item.object === 'leaf') {
      const last = leaves.at(-1);
      const leaf = item as Leaf;
      if (
        last !== undefined &&
        JSON.stringify(last.marks ?? []) === JSON.stringify(leaf.marks ?? [])
      )
        leaves[leaves.length - 1] = { ...last, text: last.text + leaf.text };
      else leaves.push(leaf);
    } else {
      flush();
      out.push(item as DocumentNode);
    }
  }
  flush();
  return out.length === 0
    ? [{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }]
    : out;
}

/**
 * The block `source` with the translated markup as its children: text between tags becomes
 * leaves with the marks of the tags around it; links keep their targets, kept nodes come back
 * as they were, glossary terms as the glossary writes them. Undefined when the markup does not
 * hold each tag of the source once, well nested (a translator that mangled them).
 */
export function fromMarkup(
  source: DocumentNode,
  markup: BlockMarkup,
  translated: string,
): DocumentNode | undefined {
  const seen = new Set<string>();
  interface Frame {
    tag: string;
    slot: Slot | undefined;
    items: (Leaf | DocumentNode)[];
    marks: NonNullable<Leaf['marks']>;
  }
  const stack: Frame[] = [{ tag: '', slot: undefined, items: [], marks: [] }];
  const top = () => stack[stack.length - 1] as Frame;
  const text = (value: string) => {
    if (value === '') return;
    top().items.push({ object: 'leaf', text: unescape(value), marks: top().marks });
  };
  let at = 0;
  for (const match of translated.matchAll(TAG)) {
    text(translated.slice(at, match.index));
    at = match.index + match[0].length;
    const [, closing, kind, number, selfClosing] = match;
    const tag = `${kind ?? ''}${number ?? ''}`;
    const slot = markup.slots[Number(number)];
    if (slot === undefined) return undefined;
    if (closing === '/') {
      const frame = stack.pop();
      if (frame === undefined || frame.tag !== tag || stack.length === 0) return undefined;
      if (frame.slot?.kind === 'inline')
        top().items.push({ ...frame.slot.node, nodes: withTexts(frame.items) });
      else top().items.push(...frame.items);
      continue;
    }
    if (seen.has(tag)) return undefined;
    seen.add(tag);
    if (selfClosing === '/') {
      if (slot.kind === 'kept') top().items.push(slot.node);
      else if (slot.kind === 'term')
        top().items.push({ object: 'leaf', text: slot.text, marks: top().marks });
      else return undefined;
      continue;
    }
    if (slot.kind === 'marks') stack.push({ tag, slot, items: [], marks: slot.marks });
    else if (slot.kind === 'inline') stack.push({ tag, slot, items: [], marks: [] });
    else return undefined;
  }
  text(translated.slice(at));
  if (stack.length !== 1 || seen.size !== markup.slots.length) return undefined;
  return { ...source, nodes: withTexts(top().items) };
}

/**
 * The block with translated text when a translator lost or mangled the tags: the text without
 * tags as one leaf, then every kept node of the source (inline code, emojis, mentions), so what
 * must not change is still there; marks and links become plain translated text.
 */
export function fromMangledMarkup(
  source: DocumentNode,
  markup: BlockMarkup,
  translated: string,
): DocumentNode {
  const items: (Leaf | DocumentNode)[] = [
    { object: 'leaf', text: markupText(translated), marks: [] },
  ];
  for (const slot of markup.slots) {
    if (slot.kind === 'kept') items.push({ object: 'leaf', text: ' ', marks: [] }, slot.node);
  }
  return { ...source, nodes: withTexts(items) };
}
