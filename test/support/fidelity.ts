/**
 * Measures the converter on the real trees in ../shared/corpora (read in place): each
 * exporter-written page must come back byte for byte from `docsync fmt` (core's read, then
 * write, of its space), and every other markdown file must be a fixpoint of it (the second fmt
 * writes what the first wrote). Pages no SUMMARY.md lists, and markdown outside every space,
 * are measured by a parse → render round trip of the page alone, as `fmt` leaves them.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  gitBlobId,
  parsePage,
  renderPage,
  revisionToTree,
  treeToRevision,
  type TreeFile,
} from '@docsync/core';

/** ../shared/corpora beside the checkout (CI has it there), else /work/shared/corpora. */
export const sharedCorpora = [
  fileURLToPath(new URL('../../../shared/corpora/', import.meta.url)),
  '/work/shared/corpora/',
].find((dir) => existsSync(dir));

/** Each GitBook corpus and its space roots (see ../shared/corpora/README.md). */
export const CORPORA: Readonly<Record<string, readonly string[]>> = {
  'bdi-reference-architecture': [''],
  'git-sync-normalization': [''],
  'lawnchair-docs': ['developers', 'community', 'help'],
  'nso-docs': [''],
  'pentest-book': [''],
  'pgsql-tw': ['tw'],
  'predicthq-docs': ['docs/tech-docs', 'docs/api', 'docs/changelog', 'styleguides'],
  'secoda-docs': [''],
  'trunk-docs': [''],
};

/** How one markdown file fared. */
export interface FileOutcome {
  /** `<corpus>/<path from the corpus root>`. */
  file: string;
  /** Exporter-written (must come back byte for byte) or not (must be a fixpoint). */
  exporter: boolean;
  ok: boolean;
  /** The first line that differs, when not ok. */
  firstDiff?: string;
  /** When not ok: the text expected, and the text written (undefined when none). */
  expected?: string;
  got?: string | undefined;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

function treeFile(path: string, bytes: Uint8Array): TreeFile {
  return {
    path,
    oid: gitBlobId(bytes),
    size: bytes.byteLength,
    ...(/\.(md|ya?ml)$/i.test(path) ? { text: Buffer.from(bytes).toString('utf8') } : {}),
  };
}

/** `docsync fmt` of one space: its files written back, and the paths it does not import. */
function fmt(files: readonly TreeFile[]): { written: Map<string, TreeFile>; unlisted: string[] } {
  const read = treeToRevision(files);
  const written = revisionToTree(read.content, { config: read.config }).files;
  return { written: new Map(written.map((file) => [file.path, file])), unlisted: read.unlisted };
}

/** The first line where `after` differs from `before`, for a reader. */
export function firstDifference(before: string, after: string | undefined): string {
  if (after === undefined) return 'not written';
  const a = before.split('\n');
  const b = after.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: ${JSON.stringify(a[at] ?? '<end>')} → ${JSON.stringify(b[at] ?? '<end>')}`;
}

function outcome(file: string, exporter: boolean, expected: string, got: string | undefined) {
  const ok = got === expected;
  return ok
    ? { file, exporter, ok }
    : { file, exporter, ok, firstDiff: firstDifference(expected, got), expected, got };
}

/**
 * The words (runs of letters and digits) of `before` that `after` holds fewer of: content lost
 * in formatting. Escapes, character references, markup, link targets (written relative to the
 * page again) and tag names (`page-ref` is written `content-ref`) do not count.
 */
export function lostWords(before: string, after: string): string[] {
  const count = (text: string) => {
    const counts = new Map<string, number>();
    const prose = text
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/\]\([^)]*\)|<[^>]*>|\{%[^%]*%\}/g, ' ');
    for (const [word] of prose.matchAll(/[\p{L}\p{N}]+/gu))
      counts.set(word, (counts.get(word) ?? 0) + 1);
    return counts;
  };
  const had = count(before);
  const has = count(after);
  return [...had].filter(([word, n]) => (has.get(word) ?? 0) < n).map(([word]) => word);
}

/** A page alone: byte for byte when exporter-written, else a fixpoint after one step. */
function pageOutcome(file: string, exporter: boolean, source: string): FileOutcome {
  const once = renderPage(parsePage(source));
  if (exporter) return outcome(file, true, source, once);
  return outcome(file, false, once, renderPage(parsePage(once)));
}

/** Every markdown file of one corpus, measured. */
export function measureCorpus(corpus: string): FileOutcome[] {
  const base = join(sharedCorpora as string, corpus);
  const listPath = `${base}.exporter-written.txt`;
  const exporterWritten = new Set(
    existsSync(listPath) ? readFileSync(listPath, 'utf8').split('\n').filter(Boolean) : [],
  );
  const roots = CORPORA[corpus] ?? [''];
  const outcomes: FileOutcome[] = [];
  const measured = new Set<string>();
  for (const root of roots) {
    const dir = join(base, root);
    const prefix = root === '' ? '' : `${root}/`;
    const paths = filesUnder(dir).filter(
      (path) =>
        !roots.some((other) => other !== root && `${prefix}${path}`.startsWith(`${other}/`)),
    );
    const sources = new Map(paths.map((path) => [path, readFileSync(join(dir, path))]));
    const first = fmt([...sources].map(([path, bytes]) => treeFile(path, bytes)));
    const second = fmt([...first.written.values()]);
    for (const path of paths) {
      if (!/\.md$/i.test(path)) continue;
      const file = `${corpus}/${prefix}${path}`;
      const exporter = exporterWritten.has(`${prefix}${path}`);
      const source = (sources.get(path) as Buffer).toString('utf8');
      measured.add(`${prefix}${path}`);
      if (first.unlisted.includes(path)) {
        outcomes.push(pageOutcome(file, exporter, source));
      } else if (exporter) {
        outcomes.push(outcome(file, true, source, first.written.get(path)?.text));
      } else {
        const once = first.written.get(path)?.text;
        const lost = once === undefined ? [] : lostWords(source, once);
        if (once === undefined) outcomes.push(outcome(file, false, source, undefined));
        else if (lost.length > 0)
          outcomes.push({ file, exporter, ok: false, firstDiff: `words lost: ${lost.join(' ')}` });
        else outcomes.push(outcome(file, false, once, second.written.get(path)?.text));
      }
    }
  }
  for (const path of filesUnder(base)) {
    if (!/\.md$/i.test(path) || measured.has(path)) continue;
    const source = readFileSync(join(base, path), 'utf8');
    outcomes.push(pageOutcome(`${corpus}/${path}`, exporterWritten.has(path), source));
  }
  return outcomes.sort((a, b) => (a.file < b.file ? -1 : 1));
}
