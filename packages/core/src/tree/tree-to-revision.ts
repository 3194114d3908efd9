import type { Diagnostic } from '../diagnostic.js';
import type {
  RevisionContent,
  RevisionFile,
  RevisionPage,
  RevisionPageDocument,
  RevisionReusableContent,
} from '../model/revision.js';
import { loadYaml } from '../yaml.js';
import { checkRedirects } from './check-redirects.js';
import type { RefTargets } from './content-refs.js';
import { contentTypeOf } from './content-type.js';
import type { ConversionCache } from './conversion-cache.js';
import { stableId } from './git-blob-id.js';
import { defaultConfig, parseGitbookConfig, type GitbookConfig } from './gitbook-config.js';
import { inferSummary } from './infer-summary.js';
import {
  fileParser,
  isReadable,
  entryLabel,
  pageFromEntry,
  refResolver,
  resolvePageRefs,
  unlistedDiagnostic,
  unlistedPaths,
  type PageReading,
} from './page-from-entry.js';
import { basename, decodePath, dirname, joinPath, splitAnchor } from './paths.js';
import { readChanges } from './read-changes.js';
import { pageKey } from './revision-index.js';
import { parseSummary, type Summary, type SummaryEntry } from './summary.js';
import type { TreeFile } from './tree-file.js';
import { flattenPages } from './flatten-pages.js';

/** Options for {@link treeToRevision}. */
export interface ReadTreeOptions {
  /** The revision this tree was last synced with: its pages and files keep their ids. */
  base?: RevisionContent;
  /** Namespace for new ids (a space id), so that two spaces never share ids. */
  idNamespace?: string;
  /** Parses reused from earlier runs by blob id; only files not seen before are parsed. */
  cache?: ConversionCache;
  /**
   * The tree `base` was read from: path → blob id. `base` must be what `treeToRevision` read from
   * that tree (with the same idNamespace and config; a revision edited since does not qualify).
   * With it, a tree that differs from that one only in pages' markdown (pages `base` holds, whose
   * new files are readable) and in markdown SUMMARY.md does not list is read by rebuilding only
   * the changed pages: the rest of the result is `base`'s own objects, and the cost is an O(n)
   * comparison of the two trees plus the changed pages (with a `cache`, which keeps SUMMARY.md's
   * parse). `content` and `config` are then what the whole read gives; `diagnostics` are the
   * changed files' only. Any other change (paths added or removed, SUMMARY.md, `.gitbook.yaml`,
   * assets, includes, variables, no SUMMARY.md) takes the whole read. See `incremental`.
   * Unchanged files are not read, so they may come without text or cached parse (a caller
   * that passes the text of the changed files only must pass every text when the result is not
   * `incremental`, and read again).
   */
  baseFiles?: ReadonlyMap<string, string>;
}

/** A tree read as a revision. */
export interface ReadTreeResult {
  content: RevisionContent;
  config: GitbookConfig;
  /** Problems found, each with the file's path. */
  diagnostics: Diagnostic[];
  /** Markdown files SUMMARY.md does not list: reported, not imported, and never deleted. */
  unlisted: string[];
  /**
   * Whether only the changed pages were read (`baseFiles` was given and the change allowed it);
   * false for a whole read. Unchanged pages, their `pages` arrays, `files`, `reusableContents`
   * and `variables` are then `base`'s objects, so identity tells what changed.
   */
  incremental: boolean;
}

interface Pending {
  page: RevisionPageDocument;
  /** The page's file, relative to the space directory. */
  filePath: string;
}

/**
 * Reads a docs tree in the Git Sync layout (relative to the space directory) as revision content:
 * `.gitbook.yaml`, SUMMARY.md (or the folders when there is none), pages, assets, includes and
 * variables. Hierarchy comes from SUMMARY.md's indentation, never from paths. Relative links and
 * asset paths become page, anchor and file refs. Ids come from `base` when a page or file is
 * found there (by path, then by content), otherwise they are derived from the path. With
 * `baseFiles`, a change to pages' markdown only rebuilds the changed pages (see
 * {@link ReadTreeOptions.baseFiles}).
 */
export function treeToRevision(
  files: readonly TreeFile[],
  options: ReadTreeOptions = {},
): ReadTreeResult {
  const { base, baseFiles, cache } = options;
  if (base !== undefined && baseFiles !== undefined) {
    const read = readChanges({ files, base, baseFiles, cache });
    if (read !== undefined) return { ...read, incremental: true };
  }
  return readWholeTree(files, options);
}

/** {@link treeToRevision} from scratch: every file of the tree is read. */
function readWholeTree(files: readonly TreeFile[], options: ReadTreeOptions): ReadTreeResult {
  const namespace = options.idNamespace ?? '';
  const cache = options.cache;
  const parse = fileParser(cache);
  const readable = (file: TreeFile | undefined): file is TreeFile =>
    file !== undefined && isReadable(file, cache);
  const byPath = new Map(files.map((file) => [file.path, file]));
  const diagnostics: Diagnostic[] = [];

  const configFile = byPath.get('.gitbook.yaml');
  const { config, diagnostics: configDiagnostics } =
    configFile?.text === undefined
      ? { config: defaultConfig, diagnostics: [] }
      : parseGitbookConfig(configFile.text);
  diagnostics.push(...configDiagnostics);
  const root = config.root;
  const inRoot = (path: string) => (root === '' ? path : `${root}/${path}`);

  const base = options.base;
  const basePages = base ? flattenPages(base.pages) : [];
  const baseByPath = new Map(
    basePages.flatMap((page) =>
      page.type === 'document' && page.git ? [[page.git.path, page.id] as const] : [],
    ),
  );
  const baseByOid = new Map(
    basePages.flatMap((page) =>
      page.type === 'document' && page.git ? [[page.git.oid, page.id] as const] : [],
    ),
  );
  const usedIds = new Set<string>();
  /** Groups, links and computed pages keep their base id when their key matches. */
  const keyOf = pageKey;
  const baseByKey = new Map(
    basePages.flatMap((page) => {
      const key = keyOf(page);
      return key === undefined ? [] : [[key, page.id] as const];
    }),
  );

  const pageId = (path: string, oid: string | undefined): string => {
    const candidates = [baseByPath.get(path), oid === undefined ? undefined : baseByOid.get(oid)];
    for (const id of candidates) {
      if (id !== undefined && !usedIds.has(id)) {
        usedIds.add(id);
        return id;
      }
    }
    let id = stableId(namespace, 'page', path);
    for (let n = 1; usedIds.has(id); n++) id = stableId(namespace, 'page', path, String(n));
    usedIds.add(id);
    return id;
  };

  // Files and includes first: pages resolve refs to them.
  const assetsDir = inRoot('.gitbook/assets/');
  const baseFiles = base?.files ?? [];
  // By path and by blob id (first one wins, as a search from the start would find).
  const baseFileByPath = new Map<string, RevisionFile>();
  const baseFileByOid = new Map<string, RevisionFile>();
  for (const f of [...baseFiles].reverse()) {
    if (!f.git) continue;
    baseFileByPath.set(f.git.path, f);
    baseFileByOid.set(f.git.oid, f);
  }
  const revisionFiles: RevisionFile[] = files
    .filter((file) => file.path.startsWith(assetsDir))
    .map((file) => {
      const known = baseFileByPath.get(file.path) ?? baseFileByOid.get(file.oid);
      const name = basename(file.path);
      return {
        id: known?.id ?? stableId(namespace, 'file', file.path),
        name,
        contentType: contentTypeOf(name),
        size: file.size,
        git: { oid: file.oid, path: file.path },
      };
    });

  const includesDir = inRoot('.gitbook/includes/');
  const includeFiles = files.filter(
    (file) => file.path.startsWith(includesDir) && file.path.endsWith('.md'),
  );
  const reusableContents: (RevisionReusableContent & { git: { oid: string; path: string } })[] =
    includeFiles.map((file) => {
      const parsed = parse(file);
      diagnostics.push(...parsed.diagnostics.map((d) => ({ ...d, path: file.path })));
      const known = base?.reusableContents.find((r) => r.git?.path === file.path);
      return {
        id: known?.id ?? stableId(namespace, 'reusable', file.path),
        title: parsed.metadata.frontMatterTitle ?? basename(file.path).replace(/\.md$/, ''),
        document: parsed.document,
        git: { oid: file.oid, path: file.path },
      };
    });

  // Pages from SUMMARY.md (or from the folders).
  const summaryPath = inRoot(config.summary);
  const summaryFile = byPath.get(summaryPath);
  /** Without SUMMARY.md, entry titles are made up from file names; pages keep their H1. */
  let inferred = false;
  let entries: Summary;
  if (summaryFile?.text !== undefined) {
    const parsed = cache
      ? cache.parseSummary(summaryFile.oid, summaryFile.text)
      : parseSummary(summaryFile.text);
    diagnostics.push(...parsed.diagnostics.map((d) => ({ ...d, path: summaryPath })));
    entries = parsed.summary;
  } else {
    inferred = true;
    entries = inferSummary(
      files.map((file) => file.path),
      root,
      inRoot(config.readme),
    );
  }
  const summaryDir = dirname(summaryPath);
  const reading: PageReading = { parse, readmePath: inRoot(config.readme), inferred };
  const listed = new Set<string>();
  const pending: Pending[] = [];
  const anchorLinks: { page: RevisionPage & { type: 'link' }; filePath: string; anchor: string }[] =
    [];

  /**
   * An entry whose file cannot be its page (missing, or listed before): kept as written, a link
   * to its path (as GitBook keeps it); the pages under it follow it, as a link holds none.
   */
  const keptAsLink = (
    entry: SummaryEntry & { kind: 'page' },
    parentPath: string,
  ): RevisionPage[] => [urlLink(entry, entry.path), ...readEntries(entry.children, parentPath)];

  /** A link page to `url` as its entry wrote it. */
  const urlLink = (entry: SummaryEntry & { kind: 'page' | 'link' }, url: string): RevisionPage => ({
    type: 'link',
    id: stableId(namespace, 'link', url, entry.title),
    title: entry.title,
    ...entryLabel(entry),
    target: { kind: 'url', url },
    href: url,
  });

  const readEntries = (list: readonly SummaryEntry[], parentPath: string): RevisionPage[] =>
    list.flatMap((entry): RevisionPage[] => {
      if (entry.kind === 'link') return [urlLink(entry, entry.href)];
      if (entry.kind === 'computed') {
        const slug =
          typeof entry.source.type === 'string'
            ? entry.source.type.replace(/\W+/g, '-')
            : 'computed';
        return [
          {
            type: 'computed',
            id: stableId(namespace, 'computed', parentPath, JSON.stringify(entry.source)),
            title: 'API reference',
            slug,
            path: parentPath,
            computed: entry.source as never,
            ...(entry.dividerBefore ? { summaryDividerBefore: true } : {}),
            pages: readEntries(entry.children, parentPath),
          },
        ];
      }
      if (entry.kind === 'text') {
        // A text entry is no page: its divider goes to the first page under it.
        const [first, ...rest] = entry.children;
        const children =
          entry.dividerBefore && first
            ? [{ ...first, dividerBefore: true as const }, ...rest]
            : entry.children;
        return readEntries(children, parentPath);
      }
      const { path, anchor } = splitAnchor(entry.path);
      const filePath = joinPath(summaryDir, decodePath(path));
      if (anchor !== undefined && filePath !== undefined) {
        const link: RevisionPage & { type: 'link' } = {
          type: 'link',
          id: stableId(namespace, 'anchor', entry.path, entry.title),
          title: entry.title,
          ...entryLabel(entry),
          target: { kind: 'url', url: entry.path },
        };
        anchorLinks.push({ page: link, filePath, anchor });
        return [link];
      }
      const file = filePath === undefined ? undefined : byPath.get(filePath);
      if (filePath === undefined || !readable(file)) {
        diagnostics.push({
          path: summaryPath,
          ruleId: 'summary-missing-file',
          severity: 'warning',
          message: `SUMMARY.md lists \`${entry.path}\`, which is not in the tree; the entry is kept as a link${entry.children.length > 0 ? ', the pages under it after it' : ''}`,
        });
        return keptAsLink(entry, parentPath);
      }
      if (listed.has(filePath)) {
        diagnostics.push({
          path: summaryPath,
          ruleId: 'summary-duplicate',
          severity: 'warning',
          message: `SUMMARY.md lists \`${entry.path}\` twice; a page has one place, so the second entry is kept as a link${entry.children.length > 0 ? ', the pages under it after it' : ''}`,
        });
        return keptAsLink(entry, parentPath);
      }
      listed.add(filePath);
      const id = pageId(filePath, file.oid);
      const built = pageFromEntry(reading, entry, file, filePath, parentPath, id);
      const page = built.page;
      diagnostics.push(...built.diagnostics);
      pending.push({ page, filePath });
      page.pages = readEntries(entry.children, page.path);
      return [page];
    });

  const pages: RevisionPage[] = readEntries(entries.entries, '');
  for (const group of entries.groups) {
    pages.push({
      type: 'group',
      id: stableId(namespace, 'group', group.slug),
      title: group.title,
      ...(group.titleMarkdown === undefined ? {} : { summaryMarkdown: group.titleMarkdown }),
      ...(group.dividerBefore ? { summaryDividerBefore: true } : {}),
      slug: group.slug,
      path: group.slug,
      pages: readEntries(group.entries, group.slug),
    });
  }

  // Refs: relative paths → page, anchor and file refs.
  const targets: RefTargets = {
    pageByPath: new Map(pending.map(({ page, filePath }) => [filePath, page.id])),
    fileByPath: new Map(revisionFiles.map((file) => [file.git?.path ?? '', file.id])),
    reusableByPath: new Map(reusableContents.map((r) => [r.git.path, r.id])),
  };
  const resolve = refResolver(cache, targets);
  for (const { page, filePath } of pending) resolvePageRefs(page, filePath, targets, resolve);
  for (const reusable of reusableContents)
    reusable.document = resolve(
      `reusable:${reusable.git.path}`,
      reusable.document,
      reusable.git.path,
    );
  for (const { page, filePath, anchor } of anchorLinks) {
    const target = targets.pageByPath.get(filePath);
    if (target !== undefined) page.target = { kind: 'anchor', page: target, anchor };
  }

  // Groups, links and computed pages whose key matches a base page keep its id.
  for (const page of flattenPages(pages)) {
    const key = keyOf(page);
    const id = key === undefined ? undefined : baseByKey.get(key);
    if (id !== undefined && !usedIds.has(id)) {
      usedIds.add(id);
      page.id = id;
    }
  }

  // Variables.
  let variables: RevisionContent['variables'] = {};
  const varsFile = byPath.get(inRoot('.gitbook/vars.yaml'));
  if (varsFile?.text !== undefined) {
    let value: unknown;
    try {
      value = loadYaml(varsFile.text);
    } catch (error) {
      diagnostics.push({
        path: varsFile.path,
        ruleId: 'vars-yaml',
        severity: 'error',
        message: `not valid YAML, variables not read: ${(error as Error).message.split('\n')[0] ?? ''}`,
      });
    }
    if (value && typeof value === 'object' && !Array.isArray(value))
      variables = value as RevisionContent['variables'];
  }

  const unlisted = unlistedPaths(files, listed, root, summaryPath);
  for (const path of unlisted) diagnostics.push(unlistedDiagnostic(path));

  diagnostics.push(...checkRedirects(config, listed, pages));

  return {
    content: { pages, files: revisionFiles, reusableContents, variables },
    config,
    diagnostics,
    unlisted,
    incremental: false,
  };
}
