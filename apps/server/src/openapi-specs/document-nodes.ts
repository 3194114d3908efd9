import type {
  Block,
  Code,
  Heading,
  Hint,
  ListItem,
  ListUnordered,
  Mark,
  Paragraph,
  Text,
} from '@docsync/core';

/** A run of text, marked or not, for {@link paragraph}. */
export type Run = string | { text: string; marks: readonly Mark['type'][] };

/** Text runs as one text node (empty runs left out). */
function textNode(runs: readonly Run[]): Text {
  const leaves = runs
    .map((run) => (typeof run === 'string' ? { text: run, marks: [] } : run))
    .filter((run) => run.text !== '')
    .map((run) => ({
      object: 'leaf' as const,
      text: run.text,
      marks: run.marks.map((type) => ({ object: 'mark', type }) as Mark),
    }));
  // An empty text still has its leaf (an empty line of code).
  return {
    object: 'text',
    leaves: leaves.length > 0 ? leaves : [{ object: 'leaf', text: '', marks: [] }],
  };
}

/** `text` in code style. */
export function code(text: string): Run {
  return { text, marks: ['code'] };
}

/** `text` in bold. */
export function bold(text: string): Run {
  return { text, marks: ['bold'] };
}

/** A paragraph of text runs. */
export function paragraph(...runs: Run[]): Paragraph {
  return { object: 'block', type: 'paragraph', data: {}, nodes: [textNode(runs)] };
}

/** Paragraphs of a plain text whose paragraphs are separated by blank lines (descriptions). */
export function paragraphs(text: string | undefined): Paragraph[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\s*\n\s*/g, ' ').trim())
    .filter((part) => part !== '')
    .map((part) => paragraph(part));
}

/** A heading: level 1 is a page's top level (`##` in markdown, the title being `#`). */
export function heading(level: 1 | 2 | 3, ...runs: Run[]): Heading {
  return { object: 'block', type: `heading-${level}`, data: {}, nodes: [textNode(runs)] };
}

/** A bulleted list, one item per entry (an item holds blocks, its first a paragraph). */
export function bullets(items: readonly (readonly Block[])[]): ListUnordered {
  return {
    object: 'block',
    type: 'list-unordered',
    data: {},
    nodes: items.map((nodes): ListItem => ({
      object: 'block',
      type: 'list-item',
      data: {},
      nodes: [...nodes],
    })),
  };
}

/** A code block of `text`, one code line per line. */
export function codeBlock(text: string, syntax?: string): Code {
  return {
    object: 'block',
    type: 'code',
    data: syntax === undefined ? {} : { syntax },
    nodes: text.split('\n').map((line) => ({
      object: 'block',
      type: 'code-line',
      data: {},
      nodes: [textNode([line])],
    })),
  };
}

/** A hint of `style` holding one paragraph. */
export function hint(style: Hint['data']['style'], ...runs: Run[]): Hint {
  return { object: 'block', type: 'hint', data: { style }, nodes: [paragraph(...runs)] };
}
