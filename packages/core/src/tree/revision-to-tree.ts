import type { Diagnostic } from '../diagnostic.js';
import { renderPage } from '../markdown/render-page.js';
import type { RevisionContent, RevisionPage, RevisionPageDocument } from '../model/revision.js';
import { dumpYaml } from '../yaml.js';
import { unresolveRef, unresolveRefs, type RefPaths } from './content-refs.js';
import type { ConversionCache } from './conversion-cache.js';
import { gitBlobId } from './git-blob-id.js';
import {
  defaultConfig,
  isDefaultConfig,
  renderGitbookConfig,
  type GitbookConfig,
} from './gitbook-config.js';
import { metadataFromPage } from './page-metadata-map.js';
import { basename, dirname, joinPath, relativePath } from './paths.js';
import { slugify } from './slugify.js';
import { renderSummary, type SummaryEntry, type SummaryGroup } from './summary.js';
import type { TreeFile } from './tree-file.js';
import { flattenPages } from './flatten-pages.js';

/** Options for {@link revisionToTree}. */
export interface WriteTreeOptions {
  /** `.gitbook.yaml` settings (root, structure, redirects); written when not the defaults. */
  config?: GitbookConfig;
  /** Rendered files reused from earlier runs: only pages that changed (or moved) are rendered. */
  cache?: ConversionCache;
  /**
   * Writes only the files of these pages (by id), nothing else: paths are still worked out for
   * the whole revision, so each page's links and images come out exactly as in the full tree.
   * For reading one page as markdown without rendering all the others.
   */
  onlyPages?: ReadonlySet<string>;
  /**
   * Where every page, file and include goes, from {@link layoutRevision} of this same content
   * and config (a revision never changes, so a caller may keep it by revision id): given, the
   * revision is not laid out again.
   */
  layout?: RevisionLayout;
}

/**
 * Where a revision's pages, files and includes are written (see {@link layoutRevision}): what
 * every page's links, images and includes need, without any page rendered.
 */
export interface RevisionLayout {
  paths: {
    readonly pagePath: ReadonlyMap<string, string>;
    readonly filePath: ReadonlyMap<string, string>;
    readonly reusablePath: ReadonlyMap<string, string>;
  };
  /**
   * The folder each document page was placed from (its parent's), by page id: where its derived
   * path ({@link derivedPagePath}) goes when it has no recorded one.
   */
  pageDirs: ReadonlyMap<string, string>;
  /** The asset files, one per content and name. */
  assets: readonly TreeFile[];
  /** Files left out of the layout (an asset without a blob id). */
  diagnostics: readonly Diagnostic[];
}

/** A revision written as a tree. */
export interface WriteTreeResult {
  /** Every file, sorted by path. Text files carry `text`; assets only their blob id and size. */
  files: TreeFile[];
  diagnostics: Diagnostic[];
}

const encoder = new TextEncoder();

function textFile(path: string, text: string): TreeFile {
  const bytes = encoder.encode(text);
  return { path, text, oid: gitBlobId(bytes), size: bytes.byteLength };
}

/** `path` under the settings' root folder. */
function rootPath(config: GitbookConfig, path: string): string {
  return config.root === '' ? path : `${config.root}/${path}`;
}

/** `name (1).png` for the second file called `name.png`. */
function withSuffix(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** The include file name GitBook derives from a title: slugified, cut to 27 characters + `...`. */
export function includeFileName(title: string): string {
  const slug = slugify(title) || 'reusable-content';
  return `${slug.length > 27 ? `${slug.slice(0, 27)}...` : slug}.md`;
}

/**
 * Lays a revision out as Git Sync writes it, rendering nothing: each document page's path (its
 * `git.path`, else `slug.md` / `slug/README.md` under its parent's folder, the landing page at
 * the configured README), each asset's (original names, ` (n)` on collisions, one file per
 * content and name) and each include's. Depends on the page tree's shape and fields, the files
 * and the includes' titles, never on a document.
 */
export function layoutRevision(
  content: Pick<RevisionContent, 'pages' | 'files' | 'reusableContents'>,
  config: GitbookConfig = defaultConfig,
): RevisionLayout {
  const inRoot = (path: string) => rootPath(config, path);
  const diagnostics: Diagnostic[] = [];
  const taken = new Set<string>();
  const claim = (preferred: string, fallback: () => string): string => {
    const path = taken.has(preferred) ? fallback() : preferred;
    taken.add(path);
    return path;
  };
  for (const reserved of [inRoot(config.summary), '.gitbook.yaml']) taken.add(reserved);

  // Pages → file paths.
  const pagePath = new Map<string, string>();
  const pageDirs = new Map<string, string>();
  const placePages = (pages: readonly RevisionPage[], dir: string) => {
    for (const page of pages) {
      if (page.type === 'group') {
        placePages(page.pages, joinPath(dir, page.slug) ?? page.slug);
        continue;
      }
      if (page.type !== 'document') {
        if ('pages' in page) placePages(page.pages, dir);
        continue;
      }
      const slug = pageSlug(page);
      const preferred = page.git?.path ?? derivedPagePath(page, page.pages.length > 0, dir, config);
      const path = claim(preferred, () => {
        for (let n = 1; ; n++) {
          const candidate = joinPath(dir, `${slug}-${n}.md`) ?? `${slug}-${n}.md`;
          if (!taken.has(candidate)) return candidate;
        }
      });
      pagePath.set(page.id, path);
      pageDirs.set(page.id, dir);
      const childDir = basename(path) === 'README.md' ? dirname(path) : path.replace(/\.md$/, '');
      placePages(page.pages, childDir);
    }
  };
  placePages(content.pages, config.root);

  // Assets: original names, ` (n)` on collisions, one file per content.
  const filePath = new Map<string, string>();
  const pathByContent = new Map<string, string>();
  const assets: TreeFile[] = [];
  for (const file of content.files) {
    const oid = file.git?.oid;
    if (oid === undefined) {
      diagnostics.push({
        ruleId: 'file-without-blob',
        severity: 'error',
        message: `file \`${file.name}\` has no blob id; not written`,
      });
      continue;
    }
    const sameContent = pathByContent.get(`${oid}\u0000${file.name}`);
    if (sameContent !== undefined) {
      filePath.set(file.id, sameContent);
      continue;
    }
    const preferred = file.git?.path ?? inRoot(`.gitbook/assets/${file.name}`);
    const path = claim(preferred, () => {
      for (let n = 1; ; n++) {
        const candidate = inRoot(`.gitbook/assets/${withSuffix(file.name, n)}`);
        if (!taken.has(candidate)) return candidate;
      }
    });
    filePath.set(file.id, path);
    pathByContent.set(`${oid}\u0000${file.name}`, path);
    assets.push({ path, oid, size: file.size });
  }

  // Includes.
  const reusablePath = new Map<string, string>();
  for (const reusable of content.reusableContents) {
    const name = includeFileName(reusable.title);
    const path = claim(reusable.git?.path ?? inRoot(`.gitbook/includes/${name}`), () => {
      for (let n = 1; ; n++) {
        const candidate = inRoot(`.gitbook/includes/${withSuffix(name, n)}`);
        if (!taken.has(candidate)) return candidate;
      }
    });
    reusablePath.set(reusable.id, path);
  }

  return { paths: { pagePath, filePath, reusablePath }, pageDirs, assets, diagnostics };
}

/** The slug a document page's file is named by: its own, else from its title, else its id. */
function pageSlug(page: Pick<RevisionPageDocument, 'slug' | 'title' | 'id'>): string {
  return page.slug || slugify(page.title) || page.id;
}

/**
 * Where a document page is written when it has no recorded `git.path` and nothing else took
 * that path: the configured README for the landing page (path `''`), else `slug.md`, or
 * `slug/README.md` when it has children, in `dir` (its parent's folder, see
 * `RevisionLayout.pageDirs`).
 */
export function derivedPagePath(
  page: Pick<RevisionPageDocument, 'slug' | 'title' | 'id' | 'path'>,
  hasChildren: boolean,
  dir: string,
  config: GitbookConfig = defaultConfig,
): string {
  const slug = pageSlug(page);
  const derived =
    page.path === ''
      ? rootPath(config, config.readme)
      : joinPath(dir, hasChildren ? `${slug}/README.md` : `${slug}.md`);
  return derived ?? `${slug}.md`;
}

/**
 * Writes revision content as a docs tree in the Git Sync layout: pages (at their `git.path`,
 * or `slug.md` / `slug/README.md` under their parent's folder), SUMMARY.md, assets (original
 * names, ` (n)` on collisions, one file per content), includes, `.gitbook/vars.yaml` and
 * `.gitbook.yaml` when the settings are not the defaults. Page, anchor and file refs become
 * paths relative to the file that holds them.
 */
export function revisionToTree(
  content: RevisionContent,
  options: WriteTreeOptions = {},
): WriteTreeResult {
  const config = options.config ?? defaultConfig;
  const cache = options.cache;
  const inRoot = (path: string) => rootPath(config, path);
  const layout = options.layout ?? layoutRevision(content, config);
  const diagnostics: Diagnostic[] = [...layout.diagnostics];
  const { paths } = layout;
  const { pagePath, reusablePath } = paths;
  const out: TreeFile[] = [...layout.assets];

  const only = options.onlyPages;
  const firstPage = out.length;
  for (const page of flattenPages(content.pages)) {
    if (page.type !== 'document' || (only !== undefined && !only.has(page.id))) continue;
    out.push(pageTreeFile(page, layout, cache));
  }
  if (only !== undefined) {
    const pages = out.slice(firstPage);
    pages.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files: pages, diagnostics };
  }
  for (const reusable of content.reusableContents) {
    const path = reusablePath.get(reusable.id) as string;
    const render = (p: RefPaths) =>
      textFile(
        path,
        renderPage({
          metadata: { frontMatterTitle: reusable.title },
          document: unresolveRefs(reusable.document, path, p),
        }),
      );
    out.push(
      cache
        ? cache.renderFile(`reusable:${reusable.id}`, reusable, path, paths, render)
        : render(paths),
    );
  }

  // SUMMARY.md.
  const summaryPath = inRoot(config.summary);
  const summaryDir = dirname(summaryPath);
  const entry = (page: RevisionPage): SummaryEntry[] => {
    const children = 'pages' in page ? page.pages.flatMap(entry) : [];
    switch (page.type) {
      case 'document':
        return [
          {
            kind: 'page',
            title: page.summaryTitle ?? page.title,
            ...entryLabel(page),
            ...(page.summaryPathMarkdown === undefined
              ? {}
              : { pathMarkdown: page.summaryPathMarkdown }),
            path: relativePath(summaryDir, pagePath.get(page.id) as string),
            children,
          },
        ];
      case 'link': {
        const target = unresolveRef(page.target, summaryPath, paths);
        const href = target.kind === 'url' ? target.url : (page.href ?? '');
        const isPage = target.kind === 'url' && page.target.kind !== 'url';
        return [
          isPage
            ? { kind: 'page', title: page.title, ...entryLabel(page), path: href, children }
            : { kind: 'link', title: page.title, ...entryLabel(page), href, children },
        ];
      }
      case 'computed':
        return [
          {
            kind: 'computed',
            ...(page.summaryDividerBefore ? { dividerBefore: true as const } : {}),
            source: page.computed as unknown as Record<string, unknown>,
            children,
          },
        ];
      case 'group':
        return children;
    }
  };
  const ungrouped = content.pages.filter((page) => page.type !== 'group').flatMap(entry);
  const groups: SummaryGroup[] = content.pages.flatMap((page) =>
    page.type === 'group'
      ? [
          {
            title: page.title,
            ...(page.summaryMarkdown === undefined ? {} : { titleMarkdown: page.summaryMarkdown }),
            ...(page.summaryDividerBefore ? { dividerBefore: true as const } : {}),
            slug: page.slug,
            entries: page.pages.flatMap(entry),
          },
        ]
      : [],
  );
  const summary = { entries: ungrouped, groups };
  const renderSummaryFile = () => textFile(summaryPath, renderSummary(summary));
  out.push(
    cache
      ? cache.renderSummary(JSON.stringify([summaryPath, summary]), renderSummaryFile)
      : renderSummaryFile(),
  );

  if (Object.keys(content.variables).length > 0) {
    out.push(
      textFile(inRoot('.gitbook/vars.yaml'), dumpYaml(content.variables, { lineWidth: 80 })),
    );
  }
  // A person's `.gitbook.yaml` stays even when it only restates the defaults.
  if (!isDefaultConfig(config) || config.source !== undefined)
    out.push(textFile('.gitbook.yaml', renderGitbookConfig(config)));

  out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files: out, diagnostics };
}

/** What a SUMMARY.md entry takes from its page besides title and target. */
function entryLabel(page: RevisionPage): {
  linkTitle?: string;
  titleMarkdown?: string;
  dividerBefore?: true;
} {
  return {
    ...(page.summaryDividerBefore ? { dividerBefore: true } : {}),
    ...(page.linkTitle === undefined ? {} : { linkTitle: page.linkTitle }),
    ...(page.summaryMarkdown === undefined ? {} : { titleMarkdown: page.summaryMarkdown }),
  };
}

/**
 * A document page's file at its place in `layout` (from {@link layoutRevision} of the revision
 * holding it): exactly the file {@link revisionToTree} writes for it, rendering only this page.
 */
export function pageTreeFile(
  page: RevisionPageDocument,
  layout: RevisionLayout,
  cache?: ConversionCache,
): TreeFile {
  const path = layout.paths.pagePath.get(page.id);
  if (path === undefined) throw new Error(`page \`${page.id}\` is not in the layout`);
  const render = (p: RefPaths) => textFile(path, renderDocumentPage(page, path, p));
  return cache
    ? cache.renderFile(`page:${page.id}`, page, path, layout.paths, render)
    : render(layout.paths);
}

function renderDocumentPage(page: RevisionPageDocument, path: string, paths: RefPaths): string {
  const cover = page.cover ? unresolveRef(page.cover.ref, path, paths) : undefined;
  const metadata = metadataFromPage(page, cover?.kind === 'url' ? cover.url : undefined);
  return renderPage({ metadata, document: unresolveRefs(page.document, path, paths) });
}
