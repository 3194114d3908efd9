import { asciiAlpha, asciiAlphanumeric } from 'micromark-util-character';
import { htmlBlockNames, htmlRawNames } from 'micromark-util-html-tag-name';
import { bail, Char } from './source.js';

/**
 * CommonMark's HTML grammar as micromark reads it (`html-text` inside a paragraph, `html-flow`
 * at the start of a block), for tags written on one line. Comments, declarations, processing
 * instructions, CDATA and tags that run onto the next line leave the fast path.
 */

function isSpace(code: number): boolean {
  return code === Char.space || code === Char.tab;
}

function isNameStart(code: number): boolean {
  return code === Char.colon || code === Char.underscore || asciiAlpha(code);
}

function isNameChar(code: number): boolean {
  return (
    code === Char.dash ||
    code === Char.dot ||
    code === Char.colon ||
    code === Char.underscore ||
    asciiAlphanumeric(code)
  );
}

/**
 * Where an inline HTML start or end tag that opens at `start` (a `<`) ends, or `-1` when the
 * text there is not a tag (the `<` is then text).
 */
export function htmlTextEnd(text: string, start: number): number {
  let index = start + 1;
  let code = text.charCodeAt(index);
  if (code === Char.exclamation || code === Char.question) bail();
  if (code === Char.slash) {
    index++;
    if (!asciiAlpha(text.charCodeAt(index))) return -1;
    index++;
    while (text.charCodeAt(index) === Char.dash || asciiAlphanumeric(text.charCodeAt(index))) {
      index++;
    }
    for (;;) {
      code = text.charCodeAt(index);
      if (code === Char.lineFeed) bail();
      if (!isSpace(code)) break;
      index++;
    }
    return code === Char.greaterThan ? index + 1 : -1;
  }
  if (!asciiAlpha(code)) return -1;
  index++;
  while (text.charCodeAt(index) === Char.dash || asciiAlphanumeric(text.charCodeAt(index))) index++;
  code = text.charCodeAt(index);
  if (code !== Char.slash && code !== Char.greaterThan && code !== Char.lineFeed && !isSpace(code))
    return -1;
  // Between attributes.
  for (;;) {
    code = text.charCodeAt(index);
    if (code === Char.lineFeed) bail();
    if (isSpace(code)) {
      index++;
      continue;
    }
    if (code === Char.slash)
      return text.charCodeAt(index + 1) === Char.greaterThan ? index + 2 : -1;
    if (!isNameStart(code)) return code === Char.greaterThan ? index + 1 : -1;
    index++;
    while (isNameChar(text.charCodeAt(index))) index++;
    // After the name: spaces, then `=` and a value, or the next attribute.
    let afterName = index;
    while (isSpace(text.charCodeAt(afterName))) afterName++;
    if (text.charCodeAt(afterName) === Char.lineFeed) bail();
    if (text.charCodeAt(afterName) !== Char.equals) {
      index = afterName;
      continue;
    }
    index = afterName + 1;
    while (isSpace(text.charCodeAt(index))) index++;
    code = text.charCodeAt(index);
    if (code === Char.lineFeed) bail();
    if (
      Number.isNaN(code) ||
      code === Char.lessThan ||
      code === Char.equals ||
      code === Char.greaterThan ||
      code === Char.backtick
    ) {
      return -1;
    }
    if (code === Char.quote || code === Char.apostrophe) {
      const close = text.indexOf(String.fromCharCode(code), index + 1);
      if (close === -1) {
        if (text.indexOf('\n', index + 1) !== -1) bail();
        return -1;
      }
      if (text.lastIndexOf('\n', close) > index) bail();
      index = close + 1;
      code = text.charCodeAt(index);
      if (
        code !== Char.slash &&
        code !== Char.greaterThan &&
        code !== Char.lineFeed &&
        !isSpace(code)
      ) {
        return -1;
      }
      continue;
    }
    for (;;) {
      code = text.charCodeAt(index);
      if (
        Number.isNaN(code) ||
        code === Char.quote ||
        code === Char.apostrophe ||
        code === Char.lessThan ||
        code === Char.equals ||
        code === Char.backtick
      ) {
        return -1;
      }
      if (
        code === Char.slash ||
        code === Char.greaterThan ||
        code === Char.lineFeed ||
        isSpace(code)
      )
        break;
      index++;
    }
  }
}

/** The kind of HTML block a line starts (6: a block tag, 7: a lone complete tag), if any. */
export type HtmlFlowKind = 6 | 7 | undefined;

/**
 * Which HTML block the line `[from, to)` (starting with `<`) opens: 6 or 7 as CommonMark numbers
 * them, or `undefined` when it opens none. Kinds 1–5 (raw text, comments, declarations…) leave
 * the fast path.
 */
export function htmlFlowKind(text: string, from: number, to: number): HtmlFlowKind {
  let index = from + 1;
  let code = text.charCodeAt(index);
  if (code === Char.question) bail();
  if (code === Char.exclamation) {
    const next = text.charCodeAt(index + 1);
    if (next === Char.dash || next === Char.leftBracket || asciiAlpha(next)) bail();
    return undefined;
  }
  const closing = code === Char.slash;
  if (closing) index++;
  if (!asciiAlpha(text.charCodeAt(index))) return undefined;
  const nameStart = index;
  while (
    index < to &&
    (text.charCodeAt(index) === Char.dash || asciiAlphanumeric(text.charCodeAt(index)))
  )
    index++;
  code = index < to ? text.charCodeAt(index) : Char.lineFeed;
  if (code !== Char.slash && code !== Char.greaterThan && code !== Char.lineFeed && !isSpace(code))
    return undefined;
  const name = text.slice(nameStart, index).toLowerCase();
  if (code !== Char.slash && !closing && htmlRawNames.includes(name)) bail();
  if (htmlBlockNames.includes(name)) {
    if (code === Char.slash) return text.charCodeAt(index + 1) === Char.greaterThan ? 6 : undefined;
    return 6;
  }
  return completeTagLine(text, index, to, closing) ? 7 : undefined;
}

/** What ends an unquoted attribute value in a complete tag (`html-flow`, kind 7). */
const unquotedEnd = new Set<number>([
  Char.lineFeed,
  Char.quote,
  Char.apostrophe,
  Char.slash,
  Char.lessThan,
  Char.equals,
  Char.greaterThan,
  Char.backtick,
  Char.space,
  Char.tab,
]);

/** Whether a complete tag ends at or after `start`, followed only by whitespace up to `to`. */
function completeTagLine(text: string, start: number, to: number, closing: boolean): boolean {
  const at = (index: number) => (index < to ? text.charCodeAt(index) : Char.lineFeed);
  let index = start;
  const end = (): boolean => {
    if (at(index) !== Char.greaterThan) return false;
    index++;
    while (isSpace(at(index))) index++;
    return index >= to;
  };
  if (closing) {
    while (isSpace(at(index))) index++;
    return end();
  }
  let state: 'beforeName' | 'afterName' = 'beforeName';
  for (;;) {
    if (state === 'beforeName') {
      while (isSpace(at(index))) index++;
      const code = at(index);
      if (code === Char.slash) {
        index++;
        return end();
      }
      if (!isNameStart(code)) return end();
      index++;
      while (isNameChar(at(index))) index++;
      state = 'afterName';
      continue;
    }
    while (isSpace(at(index))) index++;
    if (at(index) !== Char.equals) {
      state = 'beforeName';
      continue;
    }
    index++;
    while (isSpace(at(index))) index++;
    let code = at(index);
    if (
      code === Char.lineFeed ||
      code === Char.lessThan ||
      code === Char.equals ||
      code === Char.greaterThan ||
      code === Char.backtick
    ) {
      return false;
    }
    if (code === Char.quote || code === Char.apostrophe) {
      const close = text.indexOf(String.fromCharCode(code), index + 1);
      if (close === -1 || close >= to) return false;
      index = close + 1;
      code = at(index);
      if (code !== Char.slash && code !== Char.greaterThan && !isSpace(code)) return false;
      state = 'beforeName';
      continue;
    }
    while (!unquotedEnd.has(at(index))) index++;
    // micromark goes on as after an attribute name (`a=b=c` is one more value).
    state = 'afterName';
  }
}
