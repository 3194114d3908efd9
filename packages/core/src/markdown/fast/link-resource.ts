import { asciiControl } from 'micromark-util-character';
import { decodeString } from 'micromark-util-decode-string';
import { bail, Char } from './source.js';

/** `(destination "title")` after a link label, as read. */
export interface Resource {
  url: string;
  title: string | null;
  /** Index just after the closing `)`. */
  end: number;
}

function isSpace(code: number): boolean {
  return code === Char.space || code === Char.tab;
}

/** Skips spaces; a line ending inside the resource leaves the fast path. */
function skipWhitespace(text: string, from: number): number {
  let index = from;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code === Char.lineFeed) bail();
    if (!isSpace(code)) return index;
    index++;
  }
}

/** A raw destination: `[start, end)` when it is one, else `undefined` (micromark's factory). */
function rawDestinationEnd(text: string, start: number): number | undefined {
  let balance = 0;
  let index = start;
  for (;;) {
    const code = text.charCodeAt(index);
    if (
      balance === 0 &&
      (Number.isNaN(code) || code === Char.rightParen || code === Char.space || code === Char.tab)
    ) {
      return index;
    }
    if (code === Char.lineFeed) bail();
    if (code === Char.leftParen && balance < 32) {
      balance++;
      index++;
      continue;
    }
    if (code === Char.rightParen) {
      balance--;
      index++;
      continue;
    }
    if (Number.isNaN(code) || code === Char.space || code === Char.leftParen || asciiControl(code))
      return undefined;
    index++;
    if (code === Char.backslash) {
      const next = text.charCodeAt(index);
      if (next === Char.leftParen || next === Char.rightParen || next === Char.backslash) index++;
    }
  }
}

/**
 * Reads an inline link's resource starting at `open` (a `(`), as micromark's label end does;
 * `undefined` when it is not one (the label is then text).
 */
export function parseResource(text: string, open: number): Resource | undefined {
  let index = skipWhitespace(text, open + 1);
  let url = '';
  let code = text.charCodeAt(index);
  if (code !== Char.rightParen) {
    if (code === Char.lessThan) {
      const start = index + 1;
      index = start;
      for (;;) {
        code = text.charCodeAt(index);
        if (code === Char.greaterThan) break;
        if (code === Char.lineFeed) bail();
        if (Number.isNaN(code) || code === Char.lessThan) return undefined;
        index++;
        if (code === Char.backslash) {
          const next = text.charCodeAt(index);
          if (next === Char.lessThan || next === Char.greaterThan || next === Char.backslash)
            index++;
        }
      }
      url = decodeString(text.slice(start, index));
      index++;
    } else {
      if (Number.isNaN(code) || code === Char.space || asciiControl(code)) return undefined;
      const end = rawDestinationEnd(text, index);
      if (end === undefined) return undefined;
      url = decodeString(text.slice(index, end));
      index = end;
    }
    const afterDestination = index;
    index = skipWhitespace(text, index);
    code = text.charCodeAt(index);
    if (
      index > afterDestination &&
      (code === Char.quote || code === Char.apostrophe || code === Char.leftParen)
    ) {
      const close = code === Char.leftParen ? Char.rightParen : code;
      const start = index + 1;
      index = start;
      for (;;) {
        code = text.charCodeAt(index);
        if (code === close) break;
        if (code === Char.lineFeed) bail();
        if (Number.isNaN(code)) return undefined;
        index++;
        if (code === Char.backslash) {
          const next = text.charCodeAt(index);
          if (next === close || next === Char.backslash) index++;
        }
      }
      const title = text.slice(start, index);
      index = skipWhitespace(text, index + 1);
      if (text.charCodeAt(index) !== Char.rightParen) return undefined;
      return { url, title: title === '' ? null : decodeString(title), end: index + 1 };
    }
  }
  if (text.charCodeAt(index) !== Char.rightParen) return undefined;
  return { url, title: null, end: index + 1 };
}
