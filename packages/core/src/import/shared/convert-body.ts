import type { Diagnostic } from '../../diagnostic.js';
import { parsePage } from '../../markdown/parse-page.js';
import type { JSONDocument } from '../../model/document.js';
import { matchSequences } from '../../merge/lcs.js';
import type { RawStash } from './raw-stash.js';

/** A page body converted to a document. */
export interface ConvertedBody {
  document: JSONDocument;
  /** The body's leading `# H1` when it has one (taken out of the document, as GitBook does). */
  h1?: string;
  diagnostics: Diagnostic[];
}

/**
 * Runs GitBook-flavoured markdown (an importer's rewrite of its tool's body) through `parsePage`,
 * so imported documents are the converter's canonical ones, then puts stashed verbatim source
 * back. Diagnostics name lines of the source file: when the body was rewritten, through a map
 * of the rewritten lines to the lines they came from ({@link sourceLineMap}).
 */
export function convertBody(
  body: string,
  stash: RawStash,
  options: { source: string; bodyLineOffset: number },
): ConvertedBody {
  // A body that starts with `---` would be read as front matter: the blank line keeps it a body.
  const shift = body.startsWith('---') ? 1 : 0;
  const parsed = parsePage(shift === 1 ? `\n${body}` : body);
  let lineMap: number[] | undefined;
  const sourceLine = (line: number): number => {
    const index = line - 1 - shift;
    if (body === options.source) return index;
    lineMap ??= sourceLineMap(body.split('\n'), options.source.split('\n'));
    return lineMap[Math.min(Math.max(index, 0), lineMap.length - 1)] ?? index;
  };
  const diagnostics = parsed.diagnostics.map((diagnostic): Diagnostic => {
    const { line, column, ...rest } = diagnostic;
    if (line === undefined) return rest;
    const mapped = sourceLine(line);
    return {
      ...rest,
      line: mapped + 1 + options.bodyLineOffset,
      // A column counts in the line as written only when the line was not rewritten.
      ...(column === undefined || body !== options.source ? {} : { column }),
    };
  });
  return {
    document: stash.restore(parsed.document),
    ...(parsed.metadata.title === undefined ? {} : { h1: parsed.metadata.title }),
    diagnostics,
  };
}

/**
 * For each line of a rewritten body, the index of the source line it came from: the line it is
 * matched with in a longest common subsequence of the two (compared without indentation, which
 * a rewrite of a nested block removes), else, for a line the rewrite wrote itself (`{% hint %}`,
 * a placeholder), the line after the last matched one above it, short of the next matched one.
 */
export function sourceLineMap(rewritten: readonly string[], source: readonly string[]): number[] {
  const key = (line: string) => line.trim();
  const matches = matchSequences(rewritten.map(key), source.map(key));
  // The next matched source line below each line.
  const next = new Array<number>(rewritten.length);
  for (let index = rewritten.length - 1, below = source.length; index >= 0; index--) {
    next[index] = below;
    const match = matches[index] ?? -1;
    if (match >= 0) below = match;
  }
  const map = new Array<number>(rewritten.length);
  let previous = -1;
  let run = 0;
  for (let index = 0; index < rewritten.length; index++) {
    const match = matches[index] ?? -1;
    if (match >= 0) {
      previous = match;
      run = 0;
      map[index] = match;
      continue;
    }
    run++;
    map[index] = Math.max(0, Math.min(previous + run, (next[index] ?? source.length) - 1));
  }
  return map;
}
