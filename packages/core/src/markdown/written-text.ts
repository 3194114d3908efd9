import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { decodeNumericCharacterReference } from 'micromark-util-decode-numeric-character-reference';

/**
 * Text as a markdown file wrote it: escapes (`\_`, `\(`) and character references (`&#x3C;`,
 * `&lt;`) the exporter of the day chose. GitBook's exporters differ in what they escape (the
 * 2018–21 one wrote `\(` and `auth\_delay`, today's does not), so a page keeps the escapes it was
 * written with (`Leaf.source`) rather than having one style imposed, while they still say the
 * same.
 */

/** The text a written form reads as, and for each UTF-16 unit whether it was escaped. */
interface Reading {
  text: string;
  escaped: boolean[];
}

const escapable = /[!-/:-@[-`{-~]/;
const reference = /^&(?:#[xX]([0-9a-fA-F]{1,6})|#(\d{1,7})|([a-zA-Z][a-zA-Z0-9]{0,31}));/;

/** Reads a written form: backslash escapes and character references become their text. */
function read(markdown: string): Reading {
  let text = '';
  const escaped: boolean[] = [];
  const append = (value: string, isEscaped: boolean) => {
    text += value;
    for (let unit = 0; unit < value.length; unit++) escaped.push(isEscaped);
  };
  let at = 0;
  while (at < markdown.length) {
    const char = markdown.charAt(at);
    if (char === '\\' && escapable.test(markdown.charAt(at + 1))) {
      append(markdown.charAt(at + 1), true);
      at += 2;
      continue;
    }
    if (char === '&') {
      const match = reference.exec(markdown.slice(at, at + 40));
      const decoded =
        match === null
          ? undefined
          : match[1] !== undefined
            ? decodeNumericCharacterReference(match[1], 16)
            : match[2] !== undefined
              ? decodeNumericCharacterReference(match[2], 10)
              : decodeNamedCharacterReference(match[3] as string);
      if (match !== null && typeof decoded === 'string' && decoded !== '') {
        append(decoded, true);
        at += match[0].length;
        continue;
      }
    }
    append(char, false);
    at++;
  }
  return { text, escaped };
}

const blank = /\s/;

/** Whether a written form reads as `text` (escapes and character references decoded). */
export function readsAs(written: string, text: string): boolean {
  return read(written).text === text;
}

/**
 * The written form to keep for a text: `written` when it reads as `text` and escapes something
 * other than white space (spaces written `&#x20;` are the serializer's own doing wherever they
 * matter), or, with `bare`, leaves bare markup characters the exporter would escape; else
 * `undefined`.
 */
export function writtenSource(written: string, text: string, bare = false): string | undefined {
  if (written === text || !/[\\&]/.test(written))
    return bare && written === text && bareMarkup.test(written) ? written : undefined;
  const reading = read(written);
  if (reading.text !== text) return undefined;
  return reading.escaped.some((escaped, at) => escaped && !blank.test(text.charAt(at))) ||
    (bare && bareMarkup.test(written))
    ? written
    : undefined;
}

/**
 * Characters the exporter escapes wherever they stand in text (`*`, `~`, `[`, `]`, and `_` at
 * the edge of a word, `` ` ``), written bare: where they make no emphasis, strikethrough, link
 * or code span, the 2018–21 exporter (and people) left them so (`**Release date: **2021`,
 * `~/.pgpass`). Such a written form is kept only while the whole page reads back the same with
 * it (see `renderPage`).
 */
const bareable: ReadonlySet<string> = new Set(['*', '~', '[', ']', '_', '`']);

/** What a link destination may leave bare where the serializer escapes it: parentheses too. */
export const bareInDestination: ReadonlySet<string> = new Set([...bareable, '(', ')']);
const bareMarkup = /(?<!\\)(?:[*~[\]`]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}]))/u;

/**
 * The destination of a markdown link or image (`[text](dest "title")`, `written` from its `](`
 * or `(` on) to keep as written: when it reads as `url` and escapes more than white space.
 */
export function writtenDestination(written: string, url: string): string | undefined {
  const open = written.indexOf('](');
  if (open === -1 || !written.endsWith(')')) return undefined;
  const inner = written.slice(open + 2, -1).trim();
  const destination = inner.startsWith('<')
    ? inner.slice(0, inner.indexOf('>') + 1)
    : (/^\S+/.exec(inner)?.[0] ?? '');
  const bare = destination.startsWith('<') ? destination.slice(1, -1) : destination;
  if (writtenSource(bare, url) !== undefined) return destination;
  // Written in `<…>`, or with bare parentheses (`image%20(15).png`), where the serializer escapes.
  return (destination.startsWith('<') || /[()]/.test(bare)) && read(bare).text === url
    ? destination
    : undefined;
}

/**
 * Whether to write a text as it was written (`written`) rather than as the exporter would
 * (`safe`): both read as the same text, the written form escapes every character the exporter's
 * form escapes there (so it cannot read differently where the exporter's would not), and it
 * escapes something more that is not white space.
 */
export function preferWritten(written: string, safe: string): boolean {
  return compareWritten(written, safe) === 'more';
}

/**
 * How a written form of a text compares with the exporter's (`safe`): `'more'` when
 * {@link preferWritten}, `'fewer'` when it reads as the same text but leaves bare a `*`, `~`,
 * `[`, `]`, `_` or `` ` `` the exporter escapes (to keep only where the page still reads the same), else
 * `undefined`.
 */
export function compareWritten(
  written: string,
  safe: string,
  bareChars: ReadonlySet<string> = bareable,
): 'more' | 'fewer' | undefined {
  if (written === safe) return undefined;
  const mine = read(written);
  const theirs = read(safe);
  if (mine.text !== theirs.text) return undefined;
  let more = false;
  let fewer = false;
  for (let at = 0; at < mine.escaped.length; at++) {
    if (theirs.escaped[at] === true && mine.escaped[at] !== true) {
      // A trailing space left bare (`&#x20;` in the exporter's form) reads back only at the end
      // of a paragraph (see `withTrailingSpaces`): the page is read back to check.
      const trailing = /^[ \t]+$/.test(mine.text.slice(at));
      if (!trailing && !bareChars.has(mine.text.charAt(at))) return undefined;
      fewer = true;
    } else if (
      mine.escaped[at] === true &&
      theirs.escaped[at] !== true &&
      !blank.test(mine.text.charAt(at))
    )
      more = true;
  }
  return fewer ? 'fewer' : more ? 'more' : undefined;
}
