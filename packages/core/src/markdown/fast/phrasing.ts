import type { PhrasingContent, Text } from 'mdast';
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { asciiPunctuation, unicodePunctuation, unicodeWhitespace } from 'micromark-util-character';
import { decodeNumericCharacterReference } from 'micromark-util-decode-numeric-character-reference';
import { MAX_MARKDOWN_DEPTH } from '../depth-limit.js';
import { resolveDelimiters, type Delimiter, type Item } from './delimiters.js';
import { htmlTextEnd } from './html-syntax.js';
import { parseResource } from './link-resource.js';
import { bail, Char, type Line, type Source } from './source.js';

/**
 * The inline content of a paragraph or heading as mdast, the way micromark and
 * mdast-util-from-markdown read it, for the subset the fast path knows: text, escapes, character
 * references, code spans, `*`/`_` emphasis and strong, `~` strikethrough, inline links and images
 * and one-line HTML tags. Hard breaks, autolinks, footnote calls, `$$` math, references and
 * anything that could be a GFM autolink literal leave the fast path.
 */
export function parsePhrasing(source: Source, lines: readonly Line[]): PhrasingContent[] {
  return new PhrasingScanner(source, lines).scan();
}

const referencePattern = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([\da-zA-Z]{1,31}));/y;

/** What may start a GFM autolink literal in text (`www.`, `http://`, an email's `@`). */
const autolinkLiteral = /@|:\/\/|www\./i;

/** Characters that end a run of plain text. */
const special = new Set<number>([
  Char.backslash,
  Char.backtick,
  Char.asterisk,
  Char.underscore,
  Char.tilde,
  Char.exclamation,
  Char.leftBracket,
  Char.rightBracket,
  Char.lessThan,
  Char.ampersand,
  Char.lineFeed,
  Char.dollar,
]);

interface Bracket {
  /** Index of the bracket's item in `items`. */
  item: number;
  image: boolean;
  active: boolean;
}

class PhrasingScanner {
  readonly #source: Source;
  /** The lines joined with `\n`, without the prefixes of their containers. */
  readonly #text: string;
  /** For each line: where it starts in `#text` and in the source. */
  readonly #starts: number[] = [];
  readonly #froms: number[] = [];
  readonly #tos: number[] = [];
  readonly #items: Item[] = [];
  readonly #brackets: Bracket[] = [];

  constructor(source: Source, lines: readonly Line[]) {
    this.#source = source;
    let text = '';
    for (const [index, line] of lines.entries()) {
      if (index > 0) text += '\n';
      this.#starts.push(text.length);
      this.#froms.push(line.from);
      this.#tos.push(line.to);
      text += source.text.slice(line.from, line.to);
    }
    this.#text = text;
  }

  scan(): PhrasingContent[] {
    const text = this.#text;
    const length = text.length;
    let index = 0;
    while (index < length) {
      const code = text.charCodeAt(index);
      if (!special.has(code)) {
        let end = index + 1;
        while (end < length && !special.has(text.charCodeAt(end))) end++;
        this.#text_(index, end, text.slice(index, end));
        index = end;
        continue;
      }
      index = this.#special(code, index);
    }
    return this.#build(resolveDelimiters(this.#items), false);
  }

  /** Handles the special character at `index`; returns where scanning goes on. */
  #special(code: number, index: number): number {
    const text = this.#text;
    switch (code) {
      case Char.lineFeed: {
        // A line ending is text; the next line's indentation is not (but it is in code).
        this.#text_(index, index + 1, '\n');
        let next = index + 1;
        while (text.charCodeAt(next) === Char.space) next++;
        return next;
      }
      case Char.backslash: {
        const next = text.charCodeAt(index + 1);
        if (next === Char.lineFeed) bail(); // a hard break
        if (asciiPunctuation(next)) {
          this.#text_(index, index + 2, text.charAt(index + 1));
          return index + 2;
        }
        this.#text_(index, index + 1, '\\');
        return index + 1;
      }
      case Char.backtick:
        return this.#codeSpan(index);
      case Char.asterisk:
      case Char.underscore:
      case Char.tilde:
        return this.#delimiterRun(code, index);
      case Char.exclamation:
        if (text.charCodeAt(index + 1) === Char.leftBracket) {
          this.#openBracket(index, 2, true);
          return index + 2;
        }
        this.#text_(index, index + 1, '!');
        return index + 1;
      case Char.leftBracket:
        if (text.charCodeAt(index + 1) === Char.caret) bail(); // a footnote call
        this.#openBracket(index, 1, false);
        return index + 1;
      case Char.rightBracket:
        return this.#closeBracket(index);
      case Char.lessThan:
        return this.#html(index);
      case Char.ampersand:
        return this.#reference(index);
      default: {
        // `$`: `$$` is inline math.
        if (text.charCodeAt(index + 1) === Char.dollar) bail();
        this.#text_(index, index + 1, '$');
        return index + 1;
      }
    }
  }

  #text_(start: number, end: number, value: string): void {
    this.#items.push({ kind: 'text', start, end, value });
  }

  #codeSpan(start: number): number {
    const text = this.#text;
    let open = start;
    while (text.charCodeAt(open) === Char.backtick) open++;
    const size = open - start;
    let search = open;
    for (;;) {
      const close = text.indexOf('`', search);
      if (close === -1) {
        // No closing run: the backticks are text.
        this.#text_(start, open, text.slice(start, open));
        return open;
      }
      let closeEnd = close;
      while (text.charCodeAt(closeEnd) === Char.backtick) closeEnd++;
      if (closeEnd - close === size) {
        let value = text.slice(open, close);
        const first = value.charCodeAt(0);
        const last = value.charCodeAt(value.length - 1);
        if (
          (first === Char.space || first === Char.lineFeed) &&
          (last === Char.space || last === Char.lineFeed) &&
          /[^ \n]/.test(value)
        ) {
          value = value.slice(1, -1);
        }
        this.#node(start, closeEnd, { type: 'inlineCode', value });
        return closeEnd;
      }
      search = closeEnd;
    }
  }

  #delimiterRun(code: number, start: number): number {
    const text = this.#text;
    let end = start + 1;
    while (text.charCodeAt(end) === code) end++;
    const size = end - start;
    if (code === Char.tilde && size > 2) bail();
    const before = classify(text.charCodeAt(start - 1));
    const after = classify(text.charCodeAt(end));
    let open: boolean;
    let close: boolean;
    if (code === Char.tilde) {
      open = after === 0 || (after === 2 && before !== 0);
      close = before === 0 || (before === 2 && after !== 0);
    } else {
      // micromark's attention: `~` (another attention marker) next to a run also counts.
      const openAny =
        after === 0 || (after === 2 && before !== 0) || text.charCodeAt(end) === Char.tilde;
      const closeAny =
        before === 0 || (before === 2 && after !== 0) || text.charCodeAt(start - 1) === Char.tilde;
      open = code === Char.asterisk ? openAny : openAny && (before !== 0 || !closeAny);
      close = code === Char.asterisk ? closeAny : closeAny && (after !== 0 || !openAny);
    }
    const delimiter: Delimiter = { kind: 'delimiter', code, start, end, open, close };
    this.#items.push(delimiter);
    return end;
  }

  #openBracket(start: number, size: number, image: boolean): void {
    this.#brackets.push({ item: this.#items.length, image, active: true });
    this.#text_(start, start + size, image ? '![' : '[');
  }

  #closeBracket(index: number): number {
    const text = this.#text;
    // `[label]:` is a definition; the fast path does not read them (nor what they define).
    if (text.charCodeAt(index + 1) === Char.colon) bail();
    const bracket = this.#brackets.pop();
    if (bracket === undefined) {
      this.#text_(index, index + 1, ']');
      return index + 1;
    }
    if (!bracket.active) bail();
    const resource =
      text.charCodeAt(index + 1) === Char.leftParen ? parseResource(text, index + 1) : undefined;
    if (resource === undefined) {
      // Not a link: without definitions, `[text]` and `[text][ref]` are text.
      this.#text_(index, index + 1, ']');
      return index + 1;
    }
    const opener = this.#items[bracket.item];
    if (opener === undefined) return bail();
    const children = this.#build(
      resolveDelimiters(this.#items.splice(bracket.item + 1)),
      !bracket.image,
    );
    const start = opener.start;
    this.#items.length = bracket.item;
    if (bracket.image) {
      this.#node(start, resource.end, {
        type: 'image',
        title: resource.title,
        url: resource.url,
        alt: children.map(plainText).join(''),
      });
    } else {
      this.#node(start, resource.end, {
        type: 'link',
        title: resource.title,
        url: resource.url,
        children,
      });
      // Links do not nest: earlier `[` can no longer open one.
      for (const earlier of this.#brackets) if (!earlier.image) earlier.active = false;
    }
    return resource.end;
  }

  #html(index: number): number {
    const text = this.#text;
    // `<scheme:…>` and `<a@b>` are autolinks.
    if (/^<[^\s<>]*[:@]/.test(text.slice(index, index + 64))) bail();
    const end = htmlTextEnd(text, index);
    if (end === -1) {
      this.#text_(index, index + 1, '<');
      return index + 1;
    }
    this.#node(index, end, { type: 'html', value: text.slice(index, end) });
    return end;
  }

  #reference(index: number): number {
    referencePattern.lastIndex = index;
    const match = referencePattern.exec(this.#text);
    let value: string | false = false;
    if (match) {
      const [whole, decimal, hexadecimal, name] = match;
      if (decimal !== undefined) value = decodeNumericCharacterReference(decimal, 10);
      else if (hexadecimal !== undefined) value = decodeNumericCharacterReference(hexadecimal, 16);
      else if (name !== undefined) value = decodeNamedCharacterReference(name);
      if (value !== false) {
        this.#text_(index, index + whole.length, value);
        return index + whole.length;
      }
    }
    this.#text_(index, index + 1, '&');
    return index + 1;
  }

  #node(start: number, end: number, node: PhrasingContent): void {
    this.#items.push({ kind: 'node', start, end, node });
  }

  /**
   * Items → mdast: adjacent text merges into one node, as mdast-util-from-markdown does.
   * `inLink`: GFM does not look for autolink literals inside a link's text. Spans nested past
   * `MAX_MARKDOWN_DEPTH` are not built: a `tooDeep` node stands for them, and the block holding
   * them is kept verbatim (see `pruneDeepBlocks`).
   */
  #build(items: readonly Item[], inLink: boolean, depth = 0): PhrasingContent[] {
    if (depth > MAX_MARKDOWN_DEPTH) return [{ type: 'tooDeep', depth } as never];
    const out: PhrasingContent[] = [];
    let text: Text | undefined;
    let textEnd = 0;
    for (const item of items) {
      if (item.kind === 'text' || item.kind === 'delimiter') {
        const value = item.kind === 'text' ? item.value : this.#text.slice(item.start, item.end);
        if (text === undefined) {
          text = { type: 'text', value, position: undefined as never };
          text.position = { start: this.#point(item.start), end: this.#end(item.end) };
          out.push(text);
        } else {
          text.value += value;
        }
        textEnd = item.end;
        continue;
      }
      if (text !== undefined) this.#closeText(text, textEnd, inLink);
      text = undefined;
      if (item.kind === 'group') {
        const group = {
          type: item.type,
          children: this.#build(item.children, inLink, depth + 1),
          position: { start: this.#point(item.start), end: this.#end(item.end) },
        } as PhrasingContent;
        out.push(group);
      } else {
        item.node.position = { start: this.#point(item.start), end: this.#end(item.end) };
        out.push(item.node);
      }
    }
    if (text !== undefined) this.#closeText(text, textEnd, inLink);
    return out;
  }

  #closeText(text: Text, end: number, inLink: boolean): void {
    if (!inLink && autolinkLiteral.test(text.value)) bail();
    if (text.position) text.position.end = this.#end(end);
  }

  #line(index: number): number {
    const starts = this.#starts;
    let line = starts.length - 1;
    while (line > 0 && (starts[line] as number) > index) line--;
    return line;
  }

  /** The source point where what starts at `index` in the joined text starts. */
  #point(index: number) {
    const line = this.#line(index);
    return this.#source.point(
      (this.#froms[line] as number) + index - (this.#starts[line] as number),
    );
  }

  /**
   * The source point where what ends at `index` ends. Text that ends with a line ending ends at
   * the start of the next line; inside a list item micromark ends it after the item's indent
   * instead when an attempt ran over that line ending (a code span or label that did not
   * close), so that case leaves the fast path.
   */
  #end(index: number) {
    const line = this.#line(index);
    if (line > 0 && index === this.#starts[line]) {
      const lineStart = (this.#tos[line - 1] as number) + 1;
      if (this.#froms[line] !== lineStart) bail();
      return this.#source.point(lineStart);
    }
    return this.#point(index);
  }
}

/** micromark's character classes next to a delimiter run: 1 whitespace, 2 punctuation, 0 other. */
function classify(code: number): 0 | 1 | 2 {
  if (Number.isNaN(code) || code === Char.space || code === Char.lineFeed || code === Char.tab)
    return 1;
  if (unicodeWhitespace(code)) return 1;
  if (unicodePunctuation(code)) return 2;
  return 0;
}

/** mdast-util-to-string of inline content, as an image's `alt`. */
function plainText(node: PhrasingContent): string {
  if ('value' in node) return node.value;
  if (node.type === 'image') return node.alt ?? '';
  if ('children' in node) return node.children.map(plainText).join('');
  return '';
}
