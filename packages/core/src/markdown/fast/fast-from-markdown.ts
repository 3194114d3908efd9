import type { Code, Heading, List, ListItem, Paragraph, Root, RootContent } from 'mdast';
import type { LiquidTag } from '../liquid/mdast.js';
import { parseTag } from '../liquid/tag.js';
import { readLineStart, type LineStart } from './line-start.js';
import { parsePhrasing } from './phrasing.js';
import { MAX_MARKDOWN_DEPTH } from '../depth-limit.js';
import { bail, Char, OutsideFastPath, Source, type Line } from './source.js';

/**
 * A fast path for `fromMarkdown` with docsync's extensions (GFM, `$$` math, `{% tag %}` lines):
 * the same mdast, positions included, for pages made of what exporters and most people write —
 * ATX headings, paragraphs, emphasis, strong, strikethrough, code spans, inline links and
 * images, one-line HTML tags, HTML blocks, fenced code, thematic breaks, bullet and ordered
 * lists, tag lines. `undefined` for anything else (tabs, CR, block quotes, tables, setext
 * headings, indented code, definitions, footnotes, autolinks, hard breaks, math, empty list
 * items, lazy continuation lines…): the caller then runs the full parser. Equivalence with it
 * is checked by a differential property test (`fast-from-markdown.test.ts`).
 */
export function fastFromMarkdown(markdown: string): Root | undefined {
  if (/[\t\r\0]/.test(markdown) || markdown.charCodeAt(0) === 0xfeff) return undefined;
  const source = new Source(markdown);
  try {
    const children = new FlowReader(source).blocks(source.lines());
    return {
      type: 'root',
      children,
      position: { start: { line: 1, column: 1, offset: 0 }, end: source.point(markdown.length) },
    };
  } catch (error) {
    if (error instanceof OutsideFastPath) return undefined;
    throw error;
  }
}

type ItemStart = Extract<LineStart, { kind: 'item' }>;
type FenceStart = Extract<LineStart, { kind: 'fence' }>;

/** Reads the flow content of a container (the document, a list item) from its lines. */
class FlowReader {
  readonly #source: Source;
  /**
   * Lists open around the lines being read. Past `MAX_MARKDOWN_DEPTH` their content is not read:
   * a `tooDeep` node stands for it, and the block holding it is kept verbatim.
   */
  #depth = 0;

  constructor(source: Source) {
    this.#source = source;
  }

  blocks(lines: readonly Line[]): RootContent[] {
    if (this.#depth > MAX_MARKDOWN_DEPTH) return [{ type: 'tooDeep', depth: this.#depth }];
    const source = this.#source;
    const out: RootContent[] = [];
    let index = 0;
    while (index < lines.length) {
      const line = lines[index] as Line;
      const first = source.skipSpaces(line.from, line.to);
      if (first === line.to) {
        index++;
        continue;
      }
      if (first !== line.from) bail(); // indented: code, or positions the fast path leaves
      const start = readLineStart(source, line.from, line.to, false);
      switch (start.kind) {
        case 'heading':
          out.push(this.#heading(line, start.depth, start.contentFrom));
          index++;
          break;
        case 'fence':
          index = this.#fencedCode(lines, index, start, out);
          break;
        case 'tags':
          for (const [from, to] of start.tags) out.push(this.#tag(from, to));
          index++;
          break;
        case 'html':
          index = this.#html(lines, index, out);
          break;
        case 'thematicBreak':
          out.push({ type: 'thematicBreak', position: source.position(line.from, line.to) });
          index++;
          break;
        case 'item':
          index = this.#list(lines, index, start, out);
          break;
        case 'text':
          index = this.#paragraph(lines, index, out);
          break;
      }
    }
    return out;
  }

  #heading(line: Line, depth: number, contentFrom: number): Heading {
    const children = parsePhrasing(this.#source, [{ from: contentFrom, to: line.to }]);
    return {
      type: 'heading',
      depth: depth as Heading['depth'],
      children,
      position: this.#source.position(line.from, line.to),
    };
  }

  #tag(from: number, to: number): LiquidTag {
    const raw = this.#source.text.slice(from, to);
    return {
      type: 'liquidTag',
      raw,
      tag: parseTag(raw),
      position: this.#source.position(from, to),
    };
  }

  #paragraph(lines: readonly Line[], index: number, out: RootContent[]): number {
    const source = this.#source;
    const taken: Line[] = [];
    let next = index;
    for (; next < lines.length; next++) {
      const line = lines[next] as Line;
      const first = source.skipSpaces(line.from, line.to);
      if (first === line.to) break;
      if (next > index && first - line.from < 4) {
        // A table's delimiter row (`---|:-:`, even without a pipe) under its header row.
        if (/^[-:| ]*-[-:| ]*$/.test(source.text.slice(first, line.to))) bail();
        const start = readLineStart(source, first, line.to, true);
        if (start.kind !== 'text') {
          if (first > line.from) bail();
          break;
        }
      }
      // A table row, or trailing spaces (a hard break, or spaces the text leaves out).
      if (source.includes('|', line.from, line.to) || source.code(line.to - 1) === Char.space)
        bail();
      taken.push(line);
    }
    const paragraph: Paragraph = {
      type: 'paragraph',
      children: parsePhrasing(source, taken),
      position: source.position((taken[0] as Line).from, (taken[taken.length - 1] as Line).to),
    };
    out.push(paragraph);
    return next;
  }

  #fencedCode(
    lines: readonly Line[],
    index: number,
    start: FenceStart,
    out: RootContent[],
  ): number {
    const source = this.#source;
    const open = lines[index] as Line;
    const info = source.text.slice(start.infoFrom, open.to);
    const space = info.indexOf(' ');
    const lang = info === '' ? null : space === -1 ? info : info.slice(0, space);
    const meta = space === -1 ? null : info.slice(space).trimStart();
    const values: string[] = [];
    for (let next = index + 1; next < lines.length; next++) {
      const line = lines[next] as Line;
      const first = source.skipSpaces(line.from, line.to);
      if (first - line.from < 4 && source.code(first) === start.code) {
        let end = first;
        while (end < line.to && source.code(end) === start.code) end++;
        if (end - first >= start.size && source.skipSpaces(end, line.to) === line.to) {
          // A closing fence; indented or followed by spaces, its position is the full parser's.
          if (first > line.from || end < line.to) bail();
          const code: Code = {
            type: 'code',
            lang,
            meta,
            value: values.join('\n'),
            position: source.position(open.from, line.to),
          };
          out.push(code);
          return next + 1;
        }
      }
      values.push(source.text.slice(line.from, line.to));
    }
    return bail(); // not closed in its container
  }

  #html(lines: readonly Line[], index: number, out: RootContent[]): number {
    const source = this.#source;
    let next = index;
    const values: string[] = [];
    for (; next < lines.length; next++) {
      const line = lines[next] as Line;
      if (source.skipSpaces(line.from, line.to) === line.to) break;
      values.push(source.text.slice(line.from, line.to));
    }
    out.push({
      type: 'html',
      value: values.join('\n'),
      position: source.position((lines[index] as Line).from, (lines[next - 1] as Line).to),
    });
    return next;
  }

  #list(lines: readonly Line[], index: number, first: ItemStart, out: RootContent[]): number {
    const source = this.#source;
    const items: ListItem[] = [];
    let spread = false;
    let start: ItemStart | undefined = first;
    let at = index;
    let end = index;
    while (start !== undefined) {
      const line = lines[at] as Line;
      const width = start.contentFrom - line.from;
      const opening = source.text.slice(start.contentFrom, start.contentFrom + 11);
      // A task list item (`[ ]`, `[x]`) is GFM's. An ordered item other than `1.` on the marker
      // line is a list or text depending on whether this item interrupted a paragraph (micromark
      // keeps that state for the line). The fast path leaves both.
      if (/^\[[ xX]\]|^(?:[02-9]|\d{2,})[.)]/.test(opening)) bail();
      const content: Line[] = [{ from: start.contentFrom, to: line.to }];
      let last = at;
      let next = at + 1;
      for (; next < lines.length; next++) {
        const candidate = lines[next] as Line;
        const firstChar = source.skipSpaces(candidate.from, candidate.to);
        if (firstChar === candidate.to) {
          content.push({ from: Math.min(candidate.from + width, candidate.to), to: candidate.to });
          continue;
        }
        if (firstChar - candidate.from < width) break;
        content.push({ from: candidate.from + width, to: candidate.to });
        last = next;
      }
      content.length = last - at + 1;
      this.#depth++;
      const children = this.blocks(content);
      this.#depth--;
      items.push({
        type: 'listItem',
        spread: blankLineBetween(children),
        checked: null,
        children: children as ListItem['children'],
        position: source.position(line.from, (lines[last] as Line).to),
      });
      end = last + 1;
      start = undefined;
      if (next < lines.length) {
        const candidate = lines[next] as Line;
        const blankBefore = last < next - 1;
        const following =
          source.code(candidate.from) === Char.space
            ? undefined
            : readLineStart(source, candidate.from, candidate.to, false);
        if (
          following?.kind === 'item' &&
          following.ordered === first.ordered &&
          following.marker === first.marker
        ) {
          start = following;
          at = next;
          if (blankBefore) spread = true;
        } else if (
          !blankBefore &&
          (following === undefined ||
            following.kind === 'item' ||
            readLineStart(source, candidate.from, candidate.to, true).kind === 'text')
        ) {
          // A lazy continuation line, or another kind of list right under the item. (What
          // interrupts a paragraph, a tag line say, ends the list.)
          bail();
        }
      }
    }
    const list: List = {
      type: 'list',
      ordered: first.ordered,
      start: first.ordered ? first.value : null,
      spread,
      children: items,
      position: source.position((lines[index] as Line).from, (lines[end - 1] as Line).to),
    };
    out.push(list);
    return end;
  }
}

/** Whether a blank line separates two of a list item's blocks (a loose item). */
function blankLineBetween(children: readonly RootContent[]): boolean {
  for (let index = 1; index < children.length; index++) {
    const before = children[index - 1]?.position?.end.line ?? 0;
    const after = children[index]?.position?.start.line ?? 0;
    if (after > before + 1) return true;
  }
  return false;
}
