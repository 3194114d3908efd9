import type { Element } from 'hast';
import type { Code, CodeLine } from '../../model/blocks.js';
import { encodeHtml, startTag } from '../html-tag.js';
import { writtenTag } from '../html-phrasing.js';
import { verbatim } from '../render-context.js';
import { code as fencedCode } from './code.js';
import { booleanString } from './tag-nodes.js';
import type { ConstructHandlers, FromHtml } from './types.js';

/** `<pre>` attributes in the order GitBook writes them (seen in exported repositories). */
const preAttributes = [
  'class',
  'data-title',
  'data-overflow',
  'data-line-numbers',
  'data-full-width',
  'data-expandable',
] as const;

interface Line {
  text: string;
  highlighted: boolean;
}

/**
 * The lines of `<code>`: text, and `<strong>` around each highlighted line (its newline inside,
 * except on the last line). `undefined` for anything else (links or footnotes inside code, a
 * line only partly highlighted).
 */
function readLines(element: Element, source: string): Line[] | undefined {
  const lines: Line[] = [];
  let current: Line = { text: '', highlighted: false };
  for (const child of element.children) {
    if (child.type === 'text') {
      const [first = '', ...rest] = child.value.split('\n');
      if (current.highlighted && first !== '') return undefined;
      current.text += first;
      for (const part of rest) {
        lines.push(current);
        current = { text: part, highlighted: false };
      }
      continue;
    }
    if (
      child.type !== 'element' ||
      child.tagName !== 'strong' ||
      writtenTag(child, source)?.tag.attributes.size !== 0 ||
      current.text !== '' ||
      current.highlighted
    )
      return undefined;
    let text = '';
    for (const grandchild of child.children) {
      if (grandchild.type !== 'text') return undefined;
      text += grandchild.value;
    }
    const newline = text.indexOf('\n');
    if (newline >= 0 && newline !== text.length - 1) return undefined;
    current = { text: text.replace(/\n$/, ''), highlighted: true };
    if (newline >= 0) {
      lines.push(current);
      current = { text: '', highlighted: false };
    }
  }
  lines.push(current);
  return lines;
}

/** `"true"`/`"false"` as a boolean; `undefined` when absent, `null` when something else. */
function booleanValue(value: string | undefined): boolean | undefined | null {
  if (value === undefined) return undefined;
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** The `<pre>` options as code data; `undefined` when one is not understood. */
function readOptions(attributes: ReadonlyMap<string, string>): Code['data'] | undefined {
  if ([...attributes.keys()].some((name) => !(preAttributes as readonly string[]).includes(name)))
    return undefined;
  const className = attributes.get('class');
  const title = attributes.get('data-title');
  const overflow = attributes.get('data-overflow');
  const lineNumbers = attributes.get('data-line-numbers');
  const fullWidth = booleanValue(attributes.get('data-full-width'));
  const expandable = booleanValue(attributes.get('data-expandable'));
  const syntax = className === undefined ? undefined : /^language-(\S+)$/.exec(className)?.[1];
  if (
    (className !== undefined && syntax === undefined) ||
    (overflow !== undefined && overflow !== 'wrap' && overflow !== 'scroll') ||
    (lineNumbers !== undefined && lineNumbers !== '' && lineNumbers !== 'true') ||
    fullWidth === null ||
    expandable === null
  )
    return undefined;
  return {
    ...(syntax === undefined ? {} : { syntax }),
    ...(title === undefined ? {} : { title }),
    ...(overflow === undefined ? {} : { overflow }),
    ...(lineNumbers === undefined ? {} : { lineNumbers: true }),
    ...(fullWidth === undefined ? {} : { fullWidth }),
    ...(expandable === undefined ? {} : { expandable }),
  };
}

const readRichCode: FromHtml = (element, node) => {
  const source = node.value;
  const pre = writtenTag(element, source);
  const [inner, ...rest] = element.children;
  if (!pre || rest.length > 0 || inner?.type !== 'element' || inner.tagName !== 'code')
    return undefined;
  const data = readOptions(pre.tag.attributes);
  const codeAttributes = writtenTag(inner, source)?.tag.attributes;
  if (!data || !codeAttributes) return undefined;
  const codeClass = codeAttributes.get('class');
  const expectedClass = data.syntax === undefined ? undefined : `lang-${data.syntax}`;
  if (codeAttributes.size !== (codeClass === undefined ? 0 : 1) || codeClass !== expectedClass)
    return undefined;
  const lines = readLines(inner, source);
  if (!lines) return undefined;
  const block: Code = {
    object: 'block',
    type: 'code',
    data,
    nodes: lines.map((line): CodeLine => ({
      object: 'block',
      type: 'code-line',
      data: line.highlighted ? { highlighted: true } : {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line.text, marks: [] }] }],
    })),
  };
  return [block];
};

function lineText(line: CodeLine): string {
  return line.nodes
    .map((node) => (node.object === 'text' ? node.leaves.map((leaf) => leaf.text).join('') : ''))
    .join('');
}

/**
 * A code block as GitBook's rich code HTML: `<pre class="language-…" data-title data-overflow
 * data-line-numbers data-full-width data-expandable><code class="lang-…">`, each highlighted
 * line in `<strong>…\n</strong>`, `<` and `&` as character references.
 */
export function richCodeHtml(block: Code): string {
  const { syntax, title, overflow, lineNumbers, fullWidth, expandable } = block.data;
  const pre = startTag('pre', [
    ['class', syntax === undefined ? undefined : `language-${syntax}`],
    ['data-title', title],
    ['data-overflow', overflow],
    ['data-line-numbers', lineNumbers ? true : undefined],
    ['data-full-width', booleanString(fullWidth)],
    ['data-expandable', booleanString(expandable)],
  ]);
  const code = startTag('code', [['class', syntax === undefined ? undefined : `lang-${syntax}`]]);
  const last = block.nodes.length - 1;
  const lines = block.nodes.map((line, index) => {
    const text = encodeHtml(lineText(line)) + (index < last ? '\n' : '');
    return line.data.highlighted ? `<strong>${text}</strong>` : text;
  });
  return `${pre}${code}${lines.join('')}</code></pre>`;
}

const writeFenced = fencedCode.blocks?.code;

/**
 * Rich code (B3): `<pre><code>` HTML with highlighted lines, read into a `code` block whose
 * `code-line`s are `highlighted`; a code block with a highlighted line is written in this form,
 * any other in the fenced form of `code.ts` (this writer replaces that one, so it is listed
 * after it).
 */
export const codeHtml: ConstructHandlers = {
  html: { pre: readRichCode },
  blocks: {
    code: (block, context) =>
      block.nodes.some((line) => line.data.highlighted) || !writeFenced
        ? [verbatim(richCodeHtml(block))]
        : writeFenced(block, context),
  },
};
