import { htmlFlowKind } from './html-syntax.js';
import { bail, Char, type Source } from './source.js';

/** What a line starts, read at the container's left edge (the line's first character). */
export type LineStart =
  | { kind: 'text' }
  | { kind: 'heading'; depth: number; contentFrom: number }
  | { kind: 'fence'; code: number; size: number; infoFrom: number }
  | { kind: 'tags'; tags: [number, number][] }
  | { kind: 'html' }
  | { kind: 'thematicBreak' }
  | {
      kind: 'item';
      ordered: boolean;
      /** `*`, `-`, `+`, or the `.`/`)` after an ordered item's number. */
      marker: number;
      value: number;
      /** Where the item's content starts, and so its content indent (`contentFrom - from`). */
      contentFrom: number;
    };

const text: LineStart = { kind: 'text' };

/**
 * Reads what the line `[from, to)` starts, as micromark's flow and container constructs decide
 * at a line's start. `inParagraph`: the line would otherwise continue a paragraph, so only what
 * may interrupt one counts (and setext underlines, which turn it into a heading, leave the fast
 * path). Block quotes, math blocks, tables, setext headings, empty list items and thematic
 * breaks other than a plain `***` run leave the fast path too.
 */
export function readLineStart(
  source: Source,
  from: number,
  to: number,
  inParagraph: boolean,
): LineStart {
  const code = source.code(from);
  switch (code) {
    case Char.hash:
      return heading(source, from, to);
    case Char.backtick:
    case Char.tilde:
      return fence(source, from, to, code);
    case Char.leftBrace: {
      const tags = tagLine(source, from, to);
      return tags === undefined ? text : { kind: 'tags', tags };
    }
    case Char.lessThan: {
      const kind = htmlFlowKind(source.text, from, to);
      return kind === 6 || (kind === 7 && !inParagraph) ? { kind: 'html' } : text;
    }
    case Char.greaterThan:
    case Char.verticalBar:
      return bail();
    case Char.asterisk:
    case Char.dash:
    case Char.plus:
    case Char.underscore:
      return thematicBreakOrBullet(source, from, to, code, inParagraph);
    case Char.equals:
      if (inParagraph && /^=+ *$/.test(source.text.slice(from, to))) bail();
      return text;
    case Char.dollar:
      if (source.code(from + 1) === Char.dollar) bail();
      return text;
    default:
      return code >= Char.digit0 && code <= Char.digit9
        ? orderedItem(source, from, to, inParagraph)
        : text;
  }
}

function heading(source: Source, from: number, to: number): LineStart {
  let index = from;
  while (index < to && source.code(index) === Char.hash) index++;
  const depth = index - from;
  if (depth > 6) return text;
  if (index === to) bail(); // an empty heading
  if (source.code(index) !== Char.space) return text;
  const contentFrom = source.skipSpaces(index, to);
  // Closing `#`s and trailing spaces are the full parser's.
  const last = source.code(to - 1);
  if (contentFrom === to || last === Char.hash || last === Char.space) bail();
  return { kind: 'heading', depth, contentFrom };
}

function fence(source: Source, from: number, to: number, code: number): LineStart {
  let index = from;
  while (index < to && source.code(index) === code) index++;
  const size = index - from;
  if (size < 3) return text;
  const info = source.text.slice(index, to);
  if (code === Char.backtick && info.includes('`')) return text;
  // Escapes and references in the info string, and spaces kept in `meta`, are the full parser's.
  if (/[\\&]| $/.test(info)) bail();
  return { kind: 'fence', code, size, infoFrom: source.skipSpaces(index, to) };
}

/**
 * The tags of a line made only of `{% … %}` tags (`liquid/syntax.ts`, the micromark extension:
 * quotes hide `%}`, a backslash escapes inside quotes, spaces between and after tags).
 */
function tagLine(source: Source, from: number, to: number): [number, number][] | undefined {
  const tags: [number, number][] = [];
  let index = from;
  while (index < to) {
    if (source.code(index) !== Char.leftBrace || source.code(index + 1) !== Char.percent)
      return undefined;
    const start = index;
    index += 2;
    let inQuote = false;
    for (;;) {
      if (index >= to) return undefined;
      const code = source.code(index);
      index++;
      if (inQuote) {
        if (code === Char.backslash) {
          if (index >= to) return undefined;
          index++;
        } else if (code === Char.quote) {
          inQuote = false;
        }
      } else if (code === Char.quote) {
        inQuote = true;
      } else if (code === Char.percent && source.code(index) === Char.rightBrace) {
        index++;
        break;
      }
    }
    tags.push([start, index]);
    index = source.skipSpaces(index, to);
  }
  return tags;
}

function thematicBreakOrBullet(
  source: Source,
  from: number,
  to: number,
  code: number,
  inParagraph: boolean,
): LineStart {
  const line = source.text.slice(from, to);
  if (inParagraph && /^-+ *$/.test(line)) bail(); // a setext underline
  if (/^(?:\*[* ]*|-[- ]*|_[_ ]*)$/.test(line) && line.replaceAll(' ', '').length >= 3) {
    // `---` under a paragraph is a setext underline; spaced or trailing runs are left alone.
    if (line.includes(' ') || (inParagraph && code === Char.dash)) bail();
    return { kind: 'thematicBreak' };
  }
  if (code === Char.underscore) return text;
  const after = source.code(from + 1);
  if (from + 1 === to) bail(); // an empty item, or a setext underline
  if (after !== Char.space) return text;
  return item(source, from + 1, to, false, code, 0);
}

function orderedItem(source: Source, from: number, to: number, inParagraph: boolean): LineStart {
  let index = from;
  while (
    index < to &&
    index - from < 10 &&
    source.code(index) >= Char.digit0 &&
    source.code(index) <= Char.digit9
  )
    index++;
  const digits = index - from;
  const marker = source.code(index);
  if (digits > 9 || (marker !== Char.dot && marker !== Char.rightParen)) return text;
  const value = Number.parseInt(source.text.slice(from, index), 10);
  if (index + 1 === to) bail(); // an empty item
  if (source.code(index + 1) !== Char.space) return text;
  // Only `1.` or `1)` may interrupt a paragraph; `2.` there is text, which the fast path leaves.
  if (inParagraph && (digits > 1 || value !== 1)) bail();
  return item(source, index + 1, to, true, marker, value);
}

/** A list item whose marker ends at `afterMarker` (a space follows it). */
function item(
  source: Source,
  afterMarker: number,
  to: number,
  ordered: boolean,
  marker: number,
  value: number,
): LineStart {
  const contentFrom = source.skipSpaces(afterMarker, to);
  // Nothing after the marker (an empty item), or five spaces or more (indented code in the item).
  if (contentFrom === to || contentFrom - afterMarker > 4) bail();
  return { kind: 'item', ordered, marker, value, contentFrom };
}
