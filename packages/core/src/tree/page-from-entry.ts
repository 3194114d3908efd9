import type { Diagnostic } from '../diagnostic.js';
import { parsePage, type ParsedPage } from '../markdown/parse-page.js';
import type { RevisionPage, RevisionPageDocument } from '../model/revision.js';
import { resolveRefs, type RefTargets } from './content-refs.js';
import type { ConversionCache } from './conversion-cache.js';
import { pageFieldsFromMetadata } from './page-metadata-map.js';
import { basename, dirname, joinPath } from './paths.js';
import type { SummaryEntry } from './summary.js';
import type { TreeFile } from './tree-file.js';

/** A SUMMARY entry that names a file of the space. */
export type PageEntry = Extract<SummaryEntry, { kind: 'page' }>;

/**
 * A markdown file's parse. A file without text is parsed from the cache when it holds the blob;
 * otherwise it reads as empty, and that parse is never remembered under the blob id.
 */
export function fileParser(cache: ConversionCache | undefined): (file: TreeFile) => ParsedPage {
  return (file) =>
    cache && (file.text !== undefined || cache.hasParse(file.oid))
      ? cache.parsePage(file.oid, file.text ?? '')
      : parsePage(file.text ?? '');
}

/** A markdown file is readable with its text, or without when the cache parsed its blob. */
export function isReadable(file: TreeFile, cache: ConversionCache | undefined): boolean {
  return file.text !== undefined || cache?.hasParse(file.oid) === true;
}

/** What every page of one read is built with. */
export interface PageReading {
  parse: (file: TreeFile) => ParsedPage;
  /** The landing page's file (`structure.readme` under the root): its URL path is empty. */
  readmePath: string;
  /** Whether the entries were inferred from folders: their titles are then made up. */
  inferred: boolean;
}

/** A built page and the problems its file's parse reported (with the file's path). */
export interface BuiltPage {
  page: RevisionPageDocument;
  diagnostics: Diagnostic[];
}

/** The URL slug of a page file: its name, or its folder's for a README.md. */
function slugOf(filePath: string): string {
  const name = basename(filePath);
  return name === 'README.md' ? basename(dirname(filePath)) || 'readme' : name.replace(/\.md$/, '');
}

/**
 * The document page the SUMMARY entry `entry` makes of its file at `filePath`, under a parent
 * whose URL path is `parentPath`, with the id `id`. Fields come from the file's front matter and
 * H1 (the entry's title when it has none); the entry's text is kept as `summaryTitle` when it
 * differs from the title, its link title as `linkTitle`, and its markdown as `summaryMarkdown`
 * when it is more than text. The page has no children yet and its refs are not resolved (refs need
 * every page of the tree: see {@link resolvePageRefs}). The whole read and the incremental read
 * both build pages here, so a page is the same whichever path read it.
 */
export function pageFromEntry(
  reading: PageReading,
  entry: PageEntry,
  file: TreeFile,
  filePath: string,
  parentPath: string,
  id: string,
): BuiltPage {
  const parsed = reading.parse(file);
  const fields = pageFieldsFromMetadata(parsed.metadata, entry.title);
  const slug = slugOf(filePath);
  const urlPath = filePath === reading.readmePath ? '' : (joinPath(parentPath, slug) ?? slug);
  const page: RevisionPageDocument = {
    type: 'document',
    id,
    ...fields,
    ...(!reading.inferred && entry.title !== fields.title && fields.titleInFile !== false
      ? { summaryTitle: entry.title }
      : {}),
    ...entryLabel(entry),
    slug,
    path: urlPath,
    document: parsed.document,
    pages: [],
    git: { oid: file.oid, path: filePath },
  };
  const diagnostics = parsed.diagnostics.map((d) => ({ ...d, path: filePath }));
  return { page, diagnostics };
}

/** Resolves a parsed value's refs (`key` names it in the cache), read from the file `fromPath`. */
export type RefResolver = <T>(key: string, value: T, fromPath: string) => T;

/**
 * Resolves against `targets`, through the cache when there is one: an unchanged file keeps its
 * resolved object from one read to the next.
 */
export function refResolver(cache: ConversionCache | undefined, targets: RefTargets): RefResolver {
  return (key, value, fromPath) =>
    cache
      ? cache.resolveRefs(key, value, fromPath, targets, (recorded) =>
          resolveRefs(value, fromPath, recorded),
        )
      : resolveRefs(value, fromPath, targets);
}

/** Resolves the refs of a page built by {@link pageFromEntry} (its document and cover), in place. */
export function resolvePageRefs(
  page: RevisionPageDocument,
  filePath: string,
  targets: RefTargets,
  resolve: RefResolver,
): void {
  page.document = resolve(`page:${filePath}`, page.document, filePath);
  if (page.cover) page.cover = resolveRefs(page.cover, filePath, targets);
}

/** The info diagnostic for a markdown file SUMMARY.md does not list. */
export function unlistedDiagnostic(path: string): Diagnostic {
  return {
    path,
    ruleId: 'unlisted-page',
    severity: 'info',
    message: 'not listed in SUMMARY.md: not imported (and not deleted)',
  };
}

/** Whether the whole read would report `path` as unlisted, given what is listed. */
export function isUnlisted(
  path: string,
  listed: { has(path: string): boolean },
  root: string,
  summaryPath: string,
): boolean {
  const gitbookDir = root === '' ? '.gitbook/' : `${root}/.gitbook/`;
  return (
    path.endsWith('.md') &&
    (root === '' || path.startsWith(`${root}/`)) &&
    !listed.has(path) &&
    path !== summaryPath &&
    !path.startsWith(gitbookDir)
  );
}

/** The markdown files of a tree that SUMMARY.md does not list, sorted. */
export function unlistedPaths(
  files: readonly TreeFile[],
  listed: { has(path: string): boolean },
  root: string,
  summaryPath: string,
): string[] {
  const out: string[] = [];
  for (const file of files)
    if (isUnlisted(file.path, listed, root, summaryPath)) out.push(file.path);
  return out.sort();
}

/**
 * What a page keeps of its SUMMARY.md entry besides its title and target: link title, the text
 * and destination as written, a divider before it.
 */
export function entryLabel(entry: {
  linkTitle?: string;
  titleMarkdown?: string;
  pathMarkdown?: string;
  dividerBefore?: true;
}): Pick<
  RevisionPage,
  'linkTitle' | 'summaryMarkdown' | 'summaryPathMarkdown' | 'summaryDividerBefore'
> {
  return {
    ...(entry.dividerBefore ? { summaryDividerBefore: true } : {}),
    ...(entry.linkTitle === undefined ? {} : { linkTitle: entry.linkTitle }),
    ...(entry.titleMarkdown === undefined ? {} : { summaryMarkdown: entry.titleMarkdown }),
    ...(entry.pathMarkdown === undefined ? {} : { summaryPathMarkdown: entry.pathMarkdown }),
  };
}
