import { parsePage, type ParsedPage } from '../markdown/parse-page.js';
import { parseSummary } from './summary.js';
import type { PathLookup, RefPaths, RefTargets } from './content-refs.js';
import type { TreeFile } from './tree-file.js';

/** How often a {@link ConversionCache} answered from memory, and how often it had to convert. */
export interface ConversionCacheStats {
  /** Markdown files whose parse was reused (same blob id as before). */
  parseHits: number;
  /** Markdown files parsed: each miss is one call of the parser. */
  parseMisses: number;
  /** Files (pages, includes, SUMMARY.md) whose rendered markdown was reused. */
  renderHits: number;
  /** Files rendered: each miss is one call of the renderer. */
  renderMisses: number;
  /** Parsed documents whose resolved refs were reused. */
  resolveHits: number;
  /** Parsed documents whose refs were resolved. */
  resolveMisses: number;
}

/** A rendered file and what it was rendered from. */
interface RenderedEntry {
  /** The source's fields but `pages` and `git`, compared by identity on the next run. */
  fields: [string, unknown][];
  path: string;
  /** The path lookups rendering made, as `[map, id, result]` triples, flattened. */
  lookups: (string | undefined)[];
  file: TreeFile;
}

type LookupName = keyof RefPaths;
type TargetName = keyof RefTargets;

/** A resolved document and what it was resolved from. */
interface ResolvedEntry {
  source: unknown;
  fromPath: string;
  /** The target lookups resolving made, as `[map, path, result]` triples, flattened. */
  lookups: (string | undefined)[];
  result: unknown;
}

/**
 * Remembers conversions between runs of {@link treeToRevision} and {@link revisionToTree}, so that
 * a sync that changed one page parses and renders one page. Pass the same instance to every run;
 * it holds no I/O, only memory.
 *
 * - **Parsing** is keyed by the markdown file's git blob id: `parsePage` is a pure function of the
 *   bytes, and the blob id names the bytes. Only that step is cached; ids, hierarchy and links
 *   depend on the rest of the tree and are recomputed (cheaply) on every read.
 * - **Rendering** is keyed by page (or reusable content) id, and reused when the page's fields
 *   (all but its children and git location, which do not change its text) are the same values
 *   as last time, compared by identity, and its file path and the path of every page, file or
 *   include its refs point to (recorded while rendering) are unchanged. Revisions are immutable
 *   values (the tree reader, the merge and the API build new objects for what they change), so
 *   an unchanged page keeps its document object and the check is a handful of comparisons; a
 *   hash of the content would cost a full serialization of every page on every run, more than
 *   the whole budget of an incremental render. The recorded paths catch what identity cannot: a
 *   link target that moved, or the page itself moving. One entry is kept per id.
 *
 * The contract that follows: do not mutate a page's document or metadata objects (or a parsed
 * result the reader shared with a revision) after converting them with a cache; build new ones,
 * as `mergeRevisions` does.
 */
export class ConversionCache {
  readonly #parsed = new Map<string, ParsedPage>();
  readonly #rendered = new Map<string, RenderedEntry>();
  readonly #resolved = new Map<string, ResolvedEntry>();
  #summaryRead: { oid: string; read: ReturnType<typeof parseSummary> } | undefined;
  #summary: { key: string; file: TreeFile } | undefined;
  readonly #stats: ConversionCacheStats = {
    parseHits: 0,
    parseMisses: 0,
    renderHits: 0,
    renderMisses: 0,
    resolveHits: 0,
    resolveMisses: 0,
  };

  /** `parsePage(markdown)`, reused when a file with blob id `oid` was parsed before. */
  parsePage(oid: string, markdown: string): ParsedPage {
    const known = this.#parsed.get(oid);
    if (known !== undefined) {
      this.#stats.parseHits++;
      // Most recently used last, for `trimParses`.
      this.#parsed.delete(oid);
      this.#parsed.set(oid, known);
      return known;
    }
    this.#stats.parseMisses++;
    const parsed = parsePage(markdown);
    this.#parsed.set(oid, parsed);
    return parsed;
  }

  /** `parseSummary(text)`, reused when the last SUMMARY.md read had the blob id `oid`. */
  parseSummary(oid: string, text: string): ReturnType<typeof parseSummary> {
    if (this.#summaryRead?.oid !== oid) this.#summaryRead = { oid, read: parseSummary(text) };
    return this.#summaryRead.read;
  }

  /**
   * Whether the markdown file with blob id `oid` was parsed before, so `treeToRevision` can read
   * it without its text (a caller that holds files by blob id need not load those bytes).
   */
  hasParse(oid: string): boolean {
    return this.#parsed.has(oid);
  }

  /**
   * Forgets the least recently used parses beyond `max`. Never called by the converters (so a
   * file found with {@link hasParse} stays parsed for the whole run); a long-lived holder calls it
   * between runs to bound its memory.
   */
  trimParses(max: number): void {
    let excess = this.#parsed.size - max;
    // Resolutions hold parsed values; past the bound they go too (they are rebuilt on a miss).
    if (this.#resolved.size > max) this.#resolved.clear();
    if (excess <= 0) return;
    for (const oid of this.#parsed.keys()) {
      if (excess-- <= 0) break;
      this.#parsed.delete(oid);
    }
  }

  /**
   * The file `render` writes for `source` (a page or reusable content, named by `key`) at `path`,
   * reused when the source's fields are the same values as last time, at the same path, and every
   * path lookup rendering made through `paths` still gives the same answer.
   */
  renderFile(
    key: string,
    source: object,
    path: string,
    paths: RefPaths,
    render: (paths: RefPaths) => TreeFile,
  ): TreeFile {
    const known = this.#rendered.get(key);
    if (
      known !== undefined &&
      known.path === path &&
      sameFields(known.fields, source) &&
      sameLookups(known.lookups, paths)
    ) {
      this.#stats.renderHits++;
      return known.file;
    }
    this.#stats.renderMisses++;
    const lookups: (string | undefined)[] = [];
    const recording = (name: LookupName): PathLookup => ({
      get: (id) => {
        const result = paths[name].get(id);
        lookups.push(name, id, result);
        return result;
      },
    });
    const file = render({
      pagePath: recording('pagePath'),
      filePath: recording('filePath'),
      reusablePath: recording('reusablePath'),
    });
    this.#rendered.set(key, { fields: fieldsOf(source), path, lookups, file });
    return file;
  }

  /**
   * `resolve(targets)` for a parsed value (a page's document, named by `key`) read from the file at
   * `fromPath`, reused when the value is the same object as last time (the parse cache hands out
   * the same object for the same blob), read from the same path, and every target lookup resolving
   * made through `targets` still gives the same answer. An unchanged page thus keeps its resolved
   * document object from one read to the next, which lets a caller that stores documents skip
   * serializing and hashing it again.
   */
  resolveRefs<T>(
    key: string,
    source: T,
    fromPath: string,
    targets: RefTargets,
    resolve: (targets: RefTargets) => T,
  ): T {
    const known = this.#resolved.get(key);
    if (
      known !== undefined &&
      known.source === source &&
      known.fromPath === fromPath &&
      sameTargetLookups(known.lookups, targets)
    ) {
      this.#stats.resolveHits++;
      return known.result as T;
    }
    this.#stats.resolveMisses++;
    const lookups: (string | undefined)[] = [];
    const recording = (name: TargetName): PathLookup => ({
      get: (path) => {
        const result = targets[name].get(path);
        lookups.push(name, path, result);
        return result;
      },
    });
    const result = resolve({
      pageByPath: recording('pageByPath'),
      fileByPath: recording('fileByPath'),
      reusableByPath: recording('reusableByPath'),
    });
    this.#resolved.set(key, { source, fromPath, lookups, result });
    return result;
  }

  /**
   * SUMMARY.md as `render` writes it, reused when `key` (a serialization of the whole table of
   * contents, which is small next to the pages) equals the last one's.
   */
  renderSummary(key: string, render: () => TreeFile): TreeFile {
    if (this.#summary?.key === key) {
      this.#stats.renderHits++;
      return this.#summary.file;
    }
    this.#stats.renderMisses++;
    const file = render();
    this.#summary = { key, file };
    return file;
  }

  /** Hits and misses since the cache was made. */
  stats(): ConversionCacheStats {
    return { ...this.#stats };
  }
}

/** Children and the git location do not change a file's text (its path is compared apart). */
function fieldsOf(source: object): [string, unknown][] {
  return Object.entries(source).filter(([name]) => name !== 'pages' && name !== 'git');
}

function sameFields(fields: readonly [string, unknown][], source: object): boolean {
  const record = source as Record<string, unknown>;
  let count = 0;
  for (const name in record) if (name !== 'pages' && name !== 'git') count++;
  return count === fields.length && fields.every(([name, value]) => record[name] === value);
}

function sameLookups(lookups: readonly (string | undefined)[], paths: RefPaths): boolean {
  for (let index = 0; index < lookups.length; index += 3) {
    const name = lookups[index] as LookupName;
    if (paths[name].get(lookups[index + 1] as string) !== lookups[index + 2]) return false;
  }
  return true;
}

function sameTargetLookups(lookups: readonly (string | undefined)[], targets: RefTargets): boolean {
  for (let index = 0; index < lookups.length; index += 3) {
    const name = lookups[index] as TargetName;
    if (targets[name].get(lookups[index + 1] as string) !== lookups[index + 2]) return false;
  }
  return true;
}
