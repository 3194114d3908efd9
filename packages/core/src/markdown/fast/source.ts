import type { Root } from 'mdast';

/** A node's position, as mdast types it. */
export type Position = NonNullable<Root['position']>;
/** One end of a position. */
export type Point = Position['start'];

/**
 * Thrown (one shared instance) when the fast path meets anything outside the subset it reads
 * with certainty; `fastFromMarkdown` catches it and answers `undefined`, so the full parser runs.
 */
export class OutsideFastPath extends Error {
  override readonly name = 'OutsideFastPath';
}

const outside = new OutsideFastPath('outside the fast path subset');

/** Leaves the fast path: the caller falls back to the full parser. */
export function bail(): never {
  throw outside;
}

/** Character codes the scanners compare against. */
export const Char = {
  tab: 9,
  lineFeed: 10,
  space: 32,
  exclamation: 33,
  quote: 34,
  hash: 35,
  dollar: 36,
  percent: 37,
  ampersand: 38,
  apostrophe: 39,
  leftParen: 40,
  rightParen: 41,
  asterisk: 42,
  plus: 43,
  dash: 45,
  dot: 46,
  slash: 47,
  digit0: 48,
  digit1: 49,
  digit9: 57,
  colon: 58,
  lessThan: 60,
  equals: 61,
  greaterThan: 62,
  question: 63,
  at: 64,
  leftBracket: 91,
  backslash: 92,
  rightBracket: 93,
  caret: 94,
  underscore: 95,
  backtick: 96,
  leftBrace: 123,
  verticalBar: 124,
  rightBrace: 125,
  tilde: 126,
} as const;

/** A line of a container's content: `from` is after the container's prefix, `to` at the `\n`. */
export interface Line {
  from: number;
  to: number;
}

/** The markdown being read, with what positions need: the offset where each line starts. */
export class Source {
  readonly text: string;
  readonly #lineStarts: number[] = [0];

  constructor(text: string) {
    this.text = text;
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
      this.#lineStarts.push(index + 1);
    }
  }

  /** The document's lines, whole. */
  lines(): Line[] {
    const starts = this.#lineStarts;
    return starts.map((from, index) => ({
      from,
      to: index + 1 < starts.length ? (starts[index + 1] as number) - 1 : this.text.length,
    }));
  }

  /** The unist point of an offset (columns count UTF-16 code units, as micromark's do). */
  point(offset: number): Point {
    const starts = this.#lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (starts[low] as number) + 1, offset };
  }

  /** The position from one offset to another. */
  position(start: number, end: number): Position {
    return { start: this.point(start), end: this.point(end) };
  }

  /** The char code at an offset (`NaN` past the end). */
  code(offset: number): number {
    return this.text.charCodeAt(offset);
  }

  readonly #found = new Map<string, { from: number; at: number }>();

  /**
   * Whether `character` occurs in `[from, to)`. Remembers the last search, so asking line after
   * line scans the text once (a plain `indexOf` per line would scan to the end every time).
   */
  includes(character: string, from: number, to: number): boolean {
    const last = this.#found.get(character);
    let at: number;
    if (last !== undefined && last.from <= from && (last.at >= from || last.at === -1)) {
      at = last.at;
    } else {
      at = this.text.indexOf(character, from);
      this.#found.set(character, { from, at });
    }
    return at !== -1 && at < to;
  }

  /** The first offset in `[from, to)` that is not a space, or `to`. */
  skipSpaces(from: number, to: number): number {
    let index = from;
    while (index < to && this.text.charCodeAt(index) === Char.space) index++;
    return index;
  }
}
