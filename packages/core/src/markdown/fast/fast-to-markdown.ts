import type {
  Code,
  Heading,
  Image,
  InlineCode,
  Link,
  List,
  ListItem,
  Nodes,
  Parents,
  PhrasingContent,
  Root,
  RootContent,
} from 'mdast';
import { htmlBlockNames, htmlRawNames } from 'micromark-util-html-tag-name';
import { emptyParagraphJoin } from '../empty-paragraph-join.js';
import { spreadItemApart } from '../handlers/list.js';

/**
 * A writer for the mdast most pages are made of that gives exactly what `toMarkdown` gives with
 * the exporter's settings (`stringifyMdast`), or nothing. It writes paragraphs, ATX headings,
 * thematic breaks, fenced code, HTML and lists, with text, emphasis, strong, code spans, links,
 * images, inline HTML and hard breaks in them; the text only where no escape or character
 * reference can be needed: which characters and neighbours mdast-util-to-markdown's unsafe
 * patterns and attention rules act on is modelled here, conservatively, and anything else makes
 * the writer give up on the block. A top-level block it gives up on is written by `slow`
 * (`toMarkdown` on that block alone); the blocks are joined as `toMarkdown` joins them. See
 * docs/adr/0015-fast-markdown-render.md; `fast-to-markdown.test.ts` checks it differentially.
 */
export function fastToMarkdown(
  tree: Root,
  toMarkdown: (tree: Root) => string,
): FastWritten | undefined {
  const state: FlowState = { bulletLastUsed: undefined, oneSpace: false };
  let slow = 0;
  let markdown = flow(tree.children, tree, state, (child, bulletBefore) => {
    if (isPhrasing(child)) return undefined;
    slow++;
    // What lists written before giving up left is not what `toMarkdown` sees.
    state.bulletLastUsed = bulletBefore;
    const written = slowBlock(child, bulletBefore, toMarkdown);
    if (child.type === 'list') {
      // The bullet it took, which the next list must not take.
      const bullet = child.ordered ? /^\d+([.)])/.exec(written)?.[1] : written.charAt(0);
      if (bullet !== (child.ordered ? '.' : '*') && bullet !== (child.ordered ? ')' : '-'))
        return undefined;
      state.bulletLastUsed = bullet;
    }
    return written;
  });
  if (markdown === undefined) return undefined;
  const last = markdown.charCodeAt(markdown.length - 1);
  if (markdown !== '' && last !== 10 && last !== 13) markdown += '\n';
  const blocks = tree.children.length;
  return { markdown, blocks, fast: blocks - slow };
}

/** A list of one item `x`, ordered or not: what a block after lists sees written before it. */
function stubList(ordered: boolean): RootContent {
  const item: ListItem = {
    type: 'listItem',
    spread: false,
    children: [{ type: 'paragraph', children: [{ type: 'text', value: 'x' }] }],
  };
  return { type: 'list', ordered, spread: false, children: [item] };
}

/** Lists that leave `toMarkdown`'s last bullet as the key, and what they are written as. */
const listsBefore: Record<string, { nodes: RootContent[]; written: string }> = {
  '*': { nodes: [stubList(false)], written: '* x' },
  '-': { nodes: [stubList(false), stubList(false)], written: '* x\n\n- x' },
  '.': { nodes: [stubList(true)], written: '1. x' },
  ')': { nodes: [stubList(true), stubList(true)], written: '1. x\n\n1) x' },
};

/** Written after a block so that a line ending at its end is told from the one `toMarkdown` adds. */
const sentinel: RootContent = { type: 'thematicBreak' };
const sentinelJoined = '\n\n***\n';

/**
 * One top-level block as `toMarkdown` writes it in its place: the only thing it carries from one
 * block to the next is the last list's bullet (a list right after a list, at any depth in the
 * next block, takes the other one), so the block is written after lists that leave that bullet,
 * and before a thematic break; what stands between is cut off again.
 */
function slowBlock(
  block: RootContent,
  bulletLastUsed: string | undefined,
  toMarkdown: (tree: Root) => string,
): string {
  const before = bulletLastUsed === undefined ? undefined : listsBefore[bulletLastUsed];
  const last = before?.nodes[before.nodes.length - 1];
  const root: Root = { type: 'root', children: [...(before?.nodes ?? []), block, sentinel] };
  const written = toMarkdown(root);
  const cut =
    before === undefined || last === undefined
      ? 0
      : before.written.length + (between(last, block, root)?.length ?? 0);
  return written.slice(cut, written.length - sentinelJoined.length);
}

/** How much the fast writer wrote: trees it wrote whole, top-level blocks it wrote itself. */
export interface FastPathCount {
  trees: number;
  fastTrees: number;
  blocks: number;
  fastBlocks: number;
}

/** What {@link fastToMarkdown} wrote, and how many top-level blocks it wrote itself. */
export interface FastWritten {
  markdown: string;
  blocks: number;
  fast: number;
}

/** What `toMarkdown` carries from one block of a flow to the next. */
interface FlowState {
  bulletLastUsed: string | undefined;
  /**
   * Whether items are written with one space after the marker: core's `listItem` sets the
   * option for a `oneSpace` list's items, and so for every list nested in them.
   */
  oneSpace: boolean;
}

/** The types `mdast-util-phrasing` takes for phrasing (HTML is not among them). */
const phrasingTypes = new Set([
  'break',
  'delete',
  'emphasis',
  'footnote',
  'footnoteReference',
  'image',
  'imageReference',
  'inlineCode',
  'inlineMath',
  'link',
  'linkReference',
  'mdxJsxTextElement',
  'mdxTextExpression',
  'strong',
  'text',
  'textDirective',
]);

/** Whether `toMarkdown` would write a root holding `node` as phrasing (its `root` handler). */
function isPhrasing(node: RootContent): boolean {
  return phrasingTypes.has(node.type);
}

/**
 * `containerFlow`'s `between`: the join rules of the exporter's settings, asked last first —
 * `emptyParagraphJoin`, `spreadItemApart`, GFM's two (which act on tables and definitions in
 * list items: given up on), then mdast-util-to-markdown's `joinDefaults` (for the children of
 * lists and list items; nothing between top-level blocks but a blank line, since fenced code is
 * never indented and headings are never setext here).
 */
function between(left: Nodes, right: Nodes, parent: Parents): string | undefined {
  for (const rule of [emptyParagraphJoin, spreadItemApart]) {
    const result = rule(left, right, parent);
    if (result === 1) return '\n\n';
    if (typeof result === 'number') return '\n'.repeat(1 + result);
  }
  if (parent.type === 'listItem' && (left.type === 'table' || left.type === 'definition'))
    return undefined;
  if (!('spread' in parent) || typeof parent.spread !== 'boolean') return '\n\n';
  if (parent.spread) return '\n\n';
  if (left.type === 'html') {
    const kind = htmlKind(left.value);
    if (kind === undefined || kind === 6 || kind === 7) return '\n\n';
  }
  if (left.type === 'blockquote' && right.type === 'blockquote') return '\n\n';
  if (
    (left.type === 'definition' || left.type === 'paragraph') &&
    right.type === 'list' &&
    ((right.ordered && typeof right.start === 'number' && right.start !== 1) ||
      (right.children.length > 0 && right.children[0]?.children.length === 0))
  )
    return '\n\n';
  let tail: Nodes = left;
  while (
    (tail.type === 'blockquote' || tail.type === 'list' || tail.type === 'listItem') &&
    tail.children.length > 0
  )
    tail = tail.children[tail.children.length - 1] as Nodes;
  if (tail.type !== 'definition' && tail.type !== 'paragraph') return '\n';
  if (right.type === 'html') {
    const kind = htmlKind(right.value);
    if (kind === undefined || kind === 7) return '\n\n';
  }
  if (right.type === 'heading') return undefined;
  if (
    (left.type === 'paragraph' || left !== tail) &&
    (right.type === 'definition' || right.type === 'paragraph')
  )
    return '\n\n';
  return '\n';
}

/** mdast-util-to-markdown's `htmlKind`: the CommonMark kind of HTML block `value` starts. */
function htmlKind(value: string): number | undefined {
  if (value.charCodeAt(0) !== 60 /* < */) return undefined;
  const next = value.charCodeAt(1);
  if (next === 33 /* ! */) {
    const code = value.charCodeAt(2);
    if (code === 45 /* - */) return 2;
    if (code === 91 /* [ */) return 5;
    return asciiAlpha(code) ? 4 : undefined;
  }
  if (next === 63 /* ? */) return 3;
  const closing = next === 47; /* / */
  const start = closing ? 2 : 1;
  let end = start;
  let code = value.charCodeAt(end);
  if (!asciiAlpha(code)) return undefined;
  while (code === 45 || alphanumeric(code)) code = value.charCodeAt(++end);
  const name = value.slice(start, end).toLowerCase();
  if (!closing && code !== 47 && htmlRawNames.includes(name)) return 1;
  return htmlBlockNames.includes(name) ? 6 : 7;
}

function asciiAlpha(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** One block of a flow (root, list item), as `toMarkdown`'s handlers write it; or nothing. */
function flowNode(node: Nodes, parent: Parents, state: FlowState): string | undefined {
  switch (node.type) {
    case 'paragraph':
      if (parent.type === 'listItem' && typeof parent.checked === 'boolean') return undefined;
      return phrasing(node.children, '\n', '\n', paragraphScope, node);
    case 'heading':
      return heading(node);
    case 'thematicBreak':
      return '***';
    case 'code':
      return code(node);
    case 'html':
      return node.value;
    case 'list':
      return list(node, state);
    case 'liquidTag':
      return node.raw;
    case 'liquidBlock': {
      // `liquidToMarkdown`'s handler: the tag lines around the children as a flow.
      const inner = flow(node.children, node, state);
      if (inner === undefined) return undefined;
      return inner === ''
        ? `${node.rawOpen}\n${node.rawClose}`
        : `${node.rawOpen}\n${inner}\n${node.rawClose}`;
    }
    default:
      return undefined;
  }
}

/**
 * `containerFlow`: blocks written and joined. A block the fast writer does not know is written
 * by `slow` (given the bullet the lists before it left) when there is one, else the flow is not
 * written.
 */
function flow(
  children: readonly RootContent[],
  parent: Parents,
  state: FlowState,
  slow?: (child: RootContent, bulletBefore: string | undefined) => string | undefined,
): string | undefined {
  const parts: string[] = [];
  for (let at = 0; at < children.length; at++) {
    const child = children[at] as RootContent;
    const bulletBefore = state.bulletLastUsed;
    const written = flowNode(child, parent, state) ?? slow?.(child, bulletBefore);
    if (written === undefined) return undefined;
    parts.push(written);
    if (child.type !== 'list') state.bulletLastUsed = undefined;
    const next = children[at + 1];
    if (next !== undefined) {
      const join = between(child, next, parent);
      if (join === undefined) return undefined;
      parts.push(join);
    }
  }
  return parts.join('');
}

function heading(node: Heading): string | undefined {
  if (!Number.isInteger(node.depth) || node.depth < 1 || node.depth > 6) return undefined;
  const sequence = '#'.repeat(node.depth);
  const value = phrasing(node.children, '# ', '\n', headingScope, node);
  if (value === undefined) return undefined;
  if (value === '') return sequence;
  // The handler writes a leading space or tab as a character reference.
  if (value.startsWith(' ') || value.startsWith('\t')) return undefined;
  return `${sequence} ${value}`;
}

/** A code fence's info string: characters no unsafe pattern in its scope acts on. */
const plainLang = /^[\w+#.-]+$/;
const plainMeta = /^[\w+#.:=/" -]+$/;

function code(node: Code): string | undefined {
  const raw = node.value || '';
  const sequence = '`'.repeat(Math.max(longestRun(raw, '`') + 1, 3));
  let value = sequence;
  if (node.lang) {
    if (!plainLang.test(node.lang)) return undefined;
    value += node.lang;
    if (node.meta) {
      if (!plainMeta.test(node.meta)) return undefined;
      value += ` ${node.meta}`;
    }
  }
  value += '\n';
  if (raw) value += `${raw}\n`;
  return value + sequence;
}

/** The longest run of `character` in `value` (`longest-streak`). */
function longestRun(value: string, character: string): number {
  let longest = 0;
  let run = 0;
  for (let at = 0; at < value.length; at++) {
    if (value[at] === character) {
      run++;
      if (run > longest) longest = run;
    } else {
      run = 0;
    }
  }
  return longest;
}

/** mdast-util-to-markdown's `list` handler with core's `listHandler` before it. */
function list(node: List, state: FlowState): string | undefined {
  if ((node.data?.emptyParagraphsBefore ?? 0) > 0) state.bulletLastUsed = undefined;
  const preferred = node.ordered ? '.' : '*';
  const other = node.ordered ? ')' : '-';
  const items = node.children;
  // The handler's two look-alike checks (an empty first item deep in lists, an item starting
  // with a thematic break) are left to it.
  if (
    items.some((item) => item.children.length === 0 || item.children[0]?.type === 'thematicBreak')
  )
    return undefined;
  const bullet = state.bulletLastUsed === preferred ? other : preferred;
  const parts: string[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as ListItem;
    // The first item's blocks still see the bullet last used before the list (`containerFlow`
    // forgets it only after a block that is not a list): a list first in it may take the other.
    const inner: FlowState = {
      bulletLastUsed: index === 0 ? state.bulletLastUsed : undefined,
      oneSpace: state.oneSpace || node.data?.oneSpace === true,
    };
    const written = listItem(item, node, index, bullet, inner);
    if (written === undefined) return undefined;
    parts.push(written);
    const next = items[index + 1];
    if (next !== undefined) {
      const join = between(item, next, node);
      if (join === undefined) return undefined;
      parts.push(join);
    }
  }
  state.bulletLastUsed = bullet;
  return parts.join('');
}

/** The default `listItem` handler with core's `listItem` (one space, marker alone) around it. */
function listItem(
  node: ListItem,
  parent: List,
  index: number,
  bullet: string,
  state: FlowState,
): string | undefined {
  if (typeof node.checked === 'boolean') return undefined;
  const marker = parent.ordered
    ? `${String((typeof parent.start === 'number' && parent.start > -1 ? parent.start : 1) + index)}${bullet}`
    : bullet;
  let size = marker.length + 1;
  if (!state.oneSpace && (parent.spread === true || node.spread === true))
    size = Math.ceil(size / 4) * 4;
  const content = flow(node.children, node, state);
  if (content === undefined) return undefined;
  if (content.includes('\r')) return undefined;
  const lines = content.split('\n');
  const indent = ' '.repeat(size);
  const first = marker + ' '.repeat(size - marker.length);
  let written = '';
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at] as string;
    if (at > 0) written += `\n${line === '' ? '' : indent}${line}`;
    else written += line === '' ? marker : first + line;
  }
  if (node.data?.markerAlone !== true) return written;
  // Core's `listItem`: `*   text…` → `*` and `    text…` on the next line.
  const prefix = /^\S+ +/.exec(written)?.[0];
  if (prefix === undefined) return written;
  return `${prefix.trimEnd()}\n${' '.repeat(prefix.length)}${written.slice(prefix.length)}`;
}

/** Where phrasing stands: what its text may hold. */
interface Scope {
  /** In an ATX heading: no line endings, no `#` at the end. */
  heading: boolean;
  /** Inside emphasis or strong (not nested again here). */
  attention: boolean;
  /** Inside a link's text (no links in it). */
  label: boolean;
}

const paragraphScope: Scope = { heading: false, attention: false, label: false };
const headingScope: Scope = { heading: true, attention: false, label: false };

/** A written phrasing child, and whether it is emphasis or strong (an attention run). */
interface Item {
  value: string;
  attention: boolean;
  node: PhrasingContent;
}

/**
 * `containerPhrasing`: the children written one by one, then their texts checked against what
 * they stand between (the characters `safe` would look at), and emphasis and strong against
 * theirs (so that they form with their preferred sequence and need no character reference).
 */
function phrasing(
  children: readonly PhrasingContent[],
  before: string,
  after: string,
  scope: Scope,
  parent: Parents,
): string | undefined {
  const items: Item[] = [];
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as PhrasingContent;
    const last = index === children.length - 1;
    const value = phrasingNode(child, scope, parent, last);
    if (value === undefined || value === '') return undefined;
    items.push({
      value,
      attention: child.type === 'emphasis' || child.type === 'strong',
      node: child,
    });
  }
  let result = '';
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as Item;
    const previous = items[index - 1];
    const next = items[index + 1];
    const beforeCharacter = previous === undefined ? before.slice(-1) : previous.value.slice(-1);
    const node = item.node;
    if (node.type === 'text') {
      // Two texts side by side: the first one's `after` is the second written alone.
      if (next?.node.type === 'text' || previous?.node.type === 'text') return undefined;
      const afterCharacter =
        next === undefined
          ? after.charAt(0)
          : next.node.type === 'html'
            ? '<'
            : next.value.charAt(0);
      if (!plainText(node.value, beforeCharacter, afterCharacter, scope)) return undefined;
    } else if (item.attention) {
      if (previous?.attention === true || next?.attention === true) return undefined;
      const afterCharacter = next === undefined ? after.charAt(0) : next.value.charAt(0);
      if (!outsideAttention(beforeCharacter) || !outsideAttention(afterCharacter)) return undefined;
    } else if (node.type === 'html') {
      // After a line ending the handler may turn the line ending into a space.
      if (beforeCharacter === '\n' || beforeCharacter === '\r') return undefined;
    } else if (node.type === 'link') {
      // At the start of a line, the handler checks whether `[text]:` would read as a definition.
      if ((beforeCharacter === '\n' || beforeCharacter === '\r') && item.value.includes(']:'))
        return undefined;
    }
    result += item.value;
  }
  return result;
}

function phrasingNode(
  node: PhrasingContent,
  scope: Scope,
  parent: Parents,
  last: boolean,
): string | undefined {
  switch (node.type) {
    case 'text':
      return node.data?.source === undefined ? node.value : undefined;
    case 'emphasis':
    case 'strong':
      return attention(node.type === 'emphasis' ? '_' : '**', node.children, scope, node);
    case 'inlineCode':
      return inlineCode(node);
    case 'link':
      return link(node, scope);
    case 'image':
      return image(node, scope);
    case 'html':
      // A line ending in a heading's HTML makes the heading setext.
      return scope.heading && /[\r\n]/.test(node.value) ? undefined : node.value;
    case 'break':
      if (scope.heading || parent.type !== 'paragraph' || node.data?.source !== undefined)
        return undefined;
      return last ? '\\' : '\\\n';
    default:
      return undefined;
  }
}

/** Emphasis or strong with its preferred sequence: letters or digits on both sides inside. */
function attention(
  sequence: string,
  children: readonly PhrasingContent[],
  scope: Scope,
  node: Parents,
): string | undefined {
  if (scope.attention) return undefined;
  const inside = phrasing(children, sequence, sequence, { ...scope, attention: true }, node);
  if (inside === undefined) return undefined;
  if (!alphanumeric(inside.charCodeAt(0)) || !alphanumeric(inside.charCodeAt(inside.length - 1)))
    return undefined;
  return sequence + inside + sequence;
}

/** Whether a character next to emphasis or strong is white space or ASCII punctuation. */
function outsideAttention(character: string): boolean {
  return character === ' ' || character === '\n' || asciiPunctuation(character.charCodeAt(0));
}

function alphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function asciiPunctuation(code: number): boolean {
  return (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  );
}

/** The `inlineCode` handler, for code without line endings (which it would turn into spaces). */
function inlineCode(node: InlineCode): string | undefined {
  let value = node.value || '';
  if (value.includes('\n') || value.includes('\r')) return undefined;
  let sequence = '`';
  while (new RegExp(`(^|[^\`])${sequence}([^\`]|$)`).test(value)) sequence += '`';
  if (
    /[^\n\r ]/.test(value) &&
    ((/^[\n\r ]/.test(value) && /[\n\r ]$/.test(value)) || /^`|`$/.test(value))
  )
    value = ` ${value} `;
  return sequence + value + sequence;
}

/** A link or image destination written as it is: no character any pattern in scope acts on. */
const plainDestination = /^[\w\-.~:/?#@!%'*+,;=\u0080-\uffff]*$/;
/** A title written as it is inside `"…"`. */
const plainTitle = /^[\w .,:;?!'/()\-\u0080-\uffff]*$/;

function link(node: Link, scope: Scope): string | undefined {
  if (scope.label || node.data?.urlSource !== undefined) return undefined;
  const text = phrasing(node.children, '[', '](', { ...scope, label: true }, node);
  const written = destination(node.url, node.title || undefined);
  return text === undefined || written === undefined ? undefined : `[${text}](${written})`;
}

function image(node: Image, scope: Scope): string | undefined {
  if (node.data?.urlSource !== undefined) return undefined;
  const alt = node.alt ?? '';
  if (alt !== '' && !plainText(alt, '[', ']', { ...scope, label: true })) return undefined;
  const written = destination(node.url, node.title || undefined);
  return written === undefined ? undefined : `![${alt}](${written})`;
}

/** A destination and title as `link` and `image` write them, when nothing in them is escaped. */
function destination(url: string, title: string | undefined): string | undefined {
  if (url === '' && title !== undefined) return undefined;
  if (!plainDestination.test(url)) return undefined;
  if (title === undefined) return url;
  return plainTitle.test(title) ? `${url} "${title}"` : undefined;
}

function lineEnding(character: string): boolean {
  return character === '\n' || character === '\r';
}

/** Characters no unsafe pattern acts on anywhere in phrasing. */
function inert(code: number): boolean {
  return (
    alphanumeric(code) ||
    code >= 0x80 ||
    code === 44 /* , */ ||
    code === 59 /* ; */ ||
    code === 63 /* ? */ ||
    code === 37 /* % */ ||
    code === 47 /* / */ ||
    code === 94 /* ^ */ ||
    code === 39 /* ' */ ||
    code === 34 /* " */ ||
    code === 64 /* @ */
  );
}

/**
 * A line of characters no pattern acts on inside a line (those {@link inert}, and those unsafe
 * only at a line start or, `#`, at the end of a heading).
 */
const plainLine = /^[A-Za-z0-9 ,;?%/^'"@.:=+\->)#|\u0080-\uffff]*$/;

/** Characters unsafe only at the start of a line (`atBreak` patterns). */
const unsafeAtBreak = new Set(['#', '+', '-', '.', ')', '=', '>', '|', ':', '$', '<']);

/**
 * Whether `safe` writes `value` as it is between the characters `before` and `after`: every
 * character is one no pattern in scope acts on there. Conservative: `false` when unsure.
 */
function plainText(value: string, before: string, after: string, scope: Scope): boolean {
  if (plainLine.test(value)) {
    // One line of characters safe inside a line: only its ends need looking at.
    const first = value.charCodeAt(0);
    const atLineStart =
      lineEnding(before) &&
      (first === 32 || (first >= 48 && first <= 57) || unsafeAtBreak.has(value.charAt(0)));
    const last = value.charAt(value.length - 1);
    const atLineEnd = last === ' ' && lineEnding(after);
    if (!atLineStart && !atLineEnd && !(scope.heading && last === '#')) return true;
  }
  const length = value.length;
  for (let at = 0; at < length; at++) {
    const character = value.charAt(at);
    const code = value.charCodeAt(at);
    const previous = at === 0 ? before : value.charAt(at - 1);
    const next = at === length - 1 ? after : value.charAt(at + 1);
    const lineStart = lineEnding(previous);
    if (lineStart) {
      if (unsafeAtBreak.has(character)) return false;
      if (code >= 48 && code <= 57) {
        // `1.` or `1)` at the start of a line reads as a list item.
        let end = at;
        while (end < length && value.charCodeAt(end) >= 48 && value.charCodeAt(end) <= 57) end++;
        const following = end === length ? after : value.charAt(end);
        if (following === '.' || following === ')') return false;
      }
    }
    if (inert(code)) continue;
    switch (character) {
      case ' ':
        if (lineEnding(previous) || lineEnding(next)) return false;
        break;
      case '\n':
        if (scope.heading || at === 0 || at === length - 1) return false;
        if (!alphanumeric(next.charCodeAt(0)) || next.charCodeAt(0) <= 57) return false;
        if (previous === ' ' || previous === '\t' || lineEnding(previous)) return false;
        break;
      case '.':
      case ':':
      case '=':
      case '+':
      case '-':
      case '>':
      case ')':
      case '|':
        break;
      case '#':
        if (scope.heading && at === length - 1) return false;
        break;
      case '$':
        if (next === '$' || previous === '$') return false;
        break;
      case '(':
        if (previous === ']') return false;
        break;
      case '!':
        if (next === '[') return false;
        break;
      case '&':
        if (/[#A-Za-z]/.test(next)) return false;
        break;
      case '<':
        if (/[!/?A-Za-z]/.test(next)) return false;
        break;
      case '{':
        if (next === '%') return false;
        break;
      case '}':
        if (previous === '%') return false;
        break;
      default:
        return false;
    }
  }
  return true;
}
