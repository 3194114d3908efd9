/** Line helpers for the importers' source rewrites, which must never look inside code fences. */

/** The fence a line opens (up to three spaces, then three or more backticks or tildes). */
export function fenceOf(line: string): string | undefined {
  return /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
}

/** The index just past the fence opened at `start` (its closing line, or the end). */
export function skipFence(lines: readonly string[], start: number): number {
  const fence = fenceOf(lines[start] ?? '');
  if (fence === undefined) return start + 1;
  for (let index = start + 1; index < lines.length; index++) {
    const close = fenceOf(lines[index] ?? '');
    if (close !== undefined && close[0] === fence[0] && close.length >= fence.length)
      return index + 1;
  }
  return lines.length;
}

/**
 * When a fenced code block opens at `index`, copies it whole to `out` (a rewrite leaves code
 * alone) and returns the index just past it; otherwise undefined.
 */
export function copyFenceAt(
  lines: readonly string[],
  index: number,
  out: string[],
): number | undefined {
  if (fenceOf(lines[index] ?? '') === undefined) return undefined;
  const end = skipFence(lines, index);
  out.push(...lines.slice(index, end));
  return end;
}

/** Leading spaces of a line, a tab counted as four. */
export function indentOf(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === ' ') width++;
    else if (char === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/** The line without its first `width` columns of indentation. */
export function unindent(line: string, width: number): string {
  let removed = 0;
  let index = 0;
  while (index < line.length && removed < width) {
    const char = line[index];
    if (char === ' ') removed++;
    else if (char === '\t') removed += 4 - (removed % 4);
    else break;
    index++;
  }
  return line.slice(index);
}

/** The lines without the indentation they all share (blank lines do not count). */
export function dedent(lines: readonly string[]): string[] {
  const widths = lines.filter((line) => line.trim() !== '').map(indentOf);
  const common = widths.length === 0 ? 0 : Math.min(...widths);
  return lines.map((line) => (line.trim() === '' ? '' : unindent(line, common)));
}

/**
 * The end of an indented body starting at `start`: lines indented at least `width`, with blank
 * lines inside it (trailing blank lines are not part of it).
 */
export function indentedBodyEnd(lines: readonly string[], start: number, width: number): number {
  let end = start;
  for (let index = start; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    if (indentOf(line) < width) break;
    end = index + 1;
  }
  return end;
}

/** Lines with blank lines trimmed from both ends. */
export function trimBlankLines(lines: readonly string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? '').trim() === '') start++;
  while (end > start && (lines[end - 1] ?? '').trim() === '') end--;
  return lines.slice(start, end);
}

/**
 * The line offset of a nested block's lines (`lines[start…]` once its leading blank lines are
 * trimmed) for diagnostics of its own rewrite: `-1` (unknown) stays unknown.
 */
export function nestedLineOffset(
  lines: readonly string[],
  start: number,
  lineOffset: number,
): number {
  if (lineOffset < 0) return -1;
  let first = start;
  while (first < lines.length && (lines[first] ?? '').trim() === '') first++;
  return lineOffset + first;
}

/** A value safe inside a `{% tag attr="…" %}` attribute (no double quote to end it early). */
export function tagAttribute(value: string): string {
  return value.replace(/"/g, '\u201d').trim();
}

/**
 * Runs of blank lines outside code fences made one: a rewrite adds blank lines around the blocks
 * it writes, and `parsePage` reads extra blank lines as GitBook's empty paragraphs.
 */
export function collapseBlankLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < lines.length;) {
    const line = lines[index] ?? '';
    const afterFence = copyFenceAt(lines, index, out);
    if (afterFence !== undefined) {
      index = afterFence;
      continue;
    }
    if (line.trim() !== '' || (out.length > 0 && (out[out.length - 1] ?? '').trim() !== ''))
      out.push(line.trim() === '' ? '' : line);
    index++;
  }
  return out;
}

/** The indexes of the lines that are not inside (or opening or closing) a code fence. */
export function linesOutsideFences(lines: readonly string[]): number[] {
  const indexes: number[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (fenceOf(lines[index] ?? '') !== undefined) {
      index = skipFence(lines, index) - 1;
      continue;
    }
    indexes.push(index);
  }
  return indexes;
}
