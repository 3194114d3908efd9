import type { Text } from 'mdast';
import type { Handle, State, Unsafe } from 'mdast-util-to-markdown';
import { compareWritten } from './written-text.js';

/**
 * mdast-util-to-markdown's `text` handler with the same output, faster. Its `safe` runs every
 * unsafe pattern's regular expression on every text (about ninety with GFM, math and tags),
 * which was half of rendering a page. Here only the patterns that can match are tried: a
 * pattern's expression is `(context)character(context)`, so it needs its character in the text
 * (with the characters around it), and where its context is a line ending (`atBreak`, or
 * `before`/`after` written as a line-ending class) the character has to sit next to one. When
 * none of those in scope matches, the text is written as it is, which is what `safe` would do;
 * otherwise `safe` runs with those patterns only.
 */
export const text: Handle = (node: Text, parent, state: State, info) => {
  const safe = safeText(node, parent, state, info);
  const written = node.data?.source;
  if (written === undefined) return safe;
  const compared = compareWritten(written, safe);
  const bare = node.data?.bare;
  if (compared === undefined || (compared === 'fewer' && bare === undefined)) return safe;
  if (compared === 'fewer' && bare !== undefined) bare.used = true;
  if (node.data?.leaf !== undefined) node.data.sourcesUsed?.add(node.data.leaf);
  return written;
};

/**
 * The handler proper: the text as mdast-util-to-markdown's `safe` writes it. (The `text`
 * handler above writes a text as it was written instead, when that escapes more.)
 */
const safeText: Handle = (node: Text, parent, state: State, info) => {
  const siblings = parent ? parent.children : [];
  const index = state.indexStack[state.indexStack.length - 1] ?? 0;
  const config = { ...info, afterNode: siblings[index + 1], beforeNode: siblings[index - 1] };
  const all = state.unsafe;
  const patterns = patternsThatCanMatch(all, info.before + node.value + info.after);
  if (!anyMatch(state, patterns, node.value, config)) return node.value;
  state.unsafe = patterns;
  try {
    return state.safe(node.value, config);
  } finally {
    state.unsafe = all;
  }
};

type SafeConfig = Parameters<State['safe']>[1];

/**
 * Whether `safe` would change `value`: a pattern in scope matches (as `safe` decides both), or a
 * backslash needs doubling. When not, `safe` gives `value` back as it is.
 */
function anyMatch(state: State, patterns: Unsafe[], value: string, config: SafeConfig): boolean {
  if (value.includes('\\') || config.after.includes('\\')) return true;
  const whole = config.before + value + config.after;
  const start = config.before.length;
  const end = whole.length - config.after.length;
  for (const pattern of patterns) {
    if (
      !inConstructs(state.stack, pattern.inConstruct, true) ||
      inConstructs(state.stack, pattern.notInConstruct, false) ||
      !nodeIn(pattern.beforeNode, config.beforeNode) ||
      !nodeIn(pattern.afterNode, config.afterNode)
    ) {
      continue;
    }
    const expression = state.compilePattern(pattern);
    expression.lastIndex = 0;
    const found = expression.test(
      whole.slice(pattern.beforeNode ? start : 0, pattern.afterNode ? end : undefined),
    );
    expression.lastIndex = 0;
    if (found) return true;
  }
  return false;
}

/** mdast-util-to-markdown's scope test of a pattern (`patternInScope`). */
function inConstructs(stack: State['stack'], list: Unsafe['inConstruct'], none: boolean): boolean {
  if (list === null || list === undefined) return none;
  if (typeof list === 'string') return stack.includes(list);
  return list.length === 0 ? none : list.some((name) => stack.includes(name));
}

/** mdast-util-to-markdown's `nodeInScope`. */
function nodeIn(types: Unsafe['beforeNode'], node: SafeConfig['beforeNode']): boolean {
  if (!types) return true;
  if (!node) return false;
  return typeof types === 'string' ? types === node.type : types.includes(node.type);
}

/** Which patterns can match, by the characters present; built once per list of patterns. */
interface PatternIndex {
  /** For each ASCII code, its bit in the presence mask (-1: no pattern has that character). */
  bits: Int8Array;
  /** Filtered lists by what `shapeOf` found: by `low`, then `high`, then the break characters. */
  lists: Map<number, Map<number, Map<string, Unsafe[]>>>;
  /** How many filtered lists `lists` holds. */
  size: number;
}

const indexes = new WeakMap<Unsafe[], PatternIndex | undefined>();
/** Indexes by the patterns they were built from: every `toMarkdown` call copies the same list. */
const built: { patterns: Unsafe[]; index: PatternIndex | undefined }[] = [];
const none: Unsafe[] = [];
const lineEndingContext = /^(?:\[\\r\\n\]|\\r|\\n)$/;
const digits = /\d/;

function indexOf(unsafe: Unsafe[]): PatternIndex | undefined {
  if (indexes.has(unsafe)) return indexes.get(unsafe);
  const same = built.find(
    ({ patterns }) =>
      patterns.length === unsafe.length && patterns.every((pattern, at) => pattern === unsafe[at]),
  );
  if (same !== undefined) {
    indexes.set(unsafe, same.index);
    return same.index;
  }
  const bits = new Int8Array(128).fill(-1);
  let next = 0;
  let usable = true;
  for (const { character } of unsafe) {
    const code = character.charCodeAt(0);
    if (character.length !== 1 || code >= 128 || next >= 64) usable = false;
    else if (bits[code] === -1) bits[code] = next++;
  }
  const index = usable ? { bits, lists: new Map(), size: 0 } : undefined;
  indexes.set(unsafe, index);
  if (built.length < 8) built.push({ patterns: [...unsafe], index });
  return index;
}

/** What decides which patterns can match `value`: its characters, and those at line endings. */
interface Shape {
  low: number;
  high: number;
  /** The first character after each line ending and the spaces and tabs after it. */
  atBreak: string;
  /** The characters right before and right after each line ending. */
  beforeBreak: string;
  afterBreak: string;
}

function shapeOf(index: PatternIndex, value: string): Shape {
  const shape: Shape = { low: 0, high: 0, atBreak: '', beforeBreak: '', afterBreak: '' };
  for (let at = 0; at < value.length; at++) {
    const code = value.charCodeAt(at);
    const bit = code < 128 ? (index.bits[code] as number) : -1;
    if (bit >= 32) shape.high |= 1 << (bit - 32);
    else if (bit >= 0) shape.low |= 1 << bit;
    if (code === 10 || code === 13) {
      shape.beforeBreak += value.charAt(at - 1);
      shape.afterBreak += value.charAt(at + 1);
      let first = at + 1;
      while (value.charAt(first) === ' ' || value.charAt(first) === '\t') first++;
      shape.atBreak += value.charAt(first);
    }
  }
  return shape;
}

function patternsThatCanMatch(unsafe: Unsafe[], value: string): Unsafe[] {
  const index = indexOf(unsafe);
  if (index === undefined) return unsafe;
  const shape = shapeOf(index, value);
  if (shape.low === 0 && shape.high === 0) return none;
  if (index.size >= 4096) {
    index.lists.clear();
    index.size = 0;
  }
  // Keyed by the two masks, then by the characters at line endings.
  const breaks = `${shape.atBreak}\n${shape.beforeBreak}\n${shape.afterBreak}`;
  let byHigh = index.lists.get(shape.low);
  if (byHigh === undefined)
    index.lists.set(shape.low, (byHigh = new Map<number, Map<string, Unsafe[]>>()));
  let byBreaks = byHigh.get(shape.high);
  if (byBreaks === undefined) byHigh.set(shape.high, (byBreaks = new Map<string, Unsafe[]>()));
  let list = byBreaks.get(breaks);
  if (list === undefined) {
    list = unsafe.filter((pattern) => canMatch(pattern, index, shape));
    byBreaks.set(breaks, list);
    index.size++;
  }
  return list;
}

function canMatch(pattern: Unsafe, index: PatternIndex, shape: Shape): boolean {
  const { character } = pattern;
  const bit = index.bits[character.charCodeAt(0)] as number;
  const present =
    bit >= 0 && ((bit >= 32 ? shape.high >>> (bit - 32) : shape.low >>> bit) & 1) === 1;
  if (!present) return false;
  if (pattern.beforeNode === undefined) {
    if (pattern.atBreak) {
      // `[\r\n][\t ]*`, then `before` (if any), then the character (not itself a space).
      const blank = character === ' ' || character === '\t';
      if (pattern.before === undefined && !blank && !shape.atBreak.includes(character))
        return false;
      if (pattern.before === '\\d+' && !digits.test(shape.atBreak)) return false;
    } else if (lineEndingContext.test(pattern.before ?? '')) {
      if (!shape.afterBreak.includes(character)) return false;
    }
  }
  if (pattern.afterNode === undefined && lineEndingContext.test(pattern.after ?? '')) {
    if (!shape.beforeBreak.includes(character)) return false;
  }
  return true;
}
