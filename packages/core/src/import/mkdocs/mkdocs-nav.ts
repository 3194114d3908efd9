import type { Diagnostic } from '../../diagnostic.js';
import { basename, decodePath, joinPath, splitAnchor } from '../../tree/paths.js';
import { slugify } from '../../tree/slugify.js';
import { parseSummary, type SummaryEntry } from '../../tree/summary.js';
import { folderNav, isIndexName } from '../shared/folder-nav.js';
import type { NavNode } from '../shared/nav-node.js';
import type { MkdocsNavEntry } from './read-mkdocs-config.js';

/** The file mkdocs-literate-nav reads a folder's navigation from (its `nav_file` default). */
export const LITERATE_NAV_FILE = 'SUMMARY.md';

/**
 * The navigation of an MkDocs `nav`: paths are relative to `docs_dir`; a section whose first
 * entry is an index page (`index.md`, as Material's `navigation.indexes` reads it) takes that
 * page as its own. An entry naming a folder (`- Guide: guide/`, as mkdocs-literate-nav and
 * awesome-pages allow) is that folder's navigation: its `SUMMARY.md` list when it has one, else
 * its pages by folders (see {@link folderNavigation}). Paths that name no page are reported.
 */
export function mkdocsNav(
  entries: readonly MkdocsNavEntry[],
  docsDir: string,
  pageSources: ReadonlySet<string>,
  diagnostics: Diagnostic[],
  readText: (path: string) => string | undefined = () => undefined,
  navFiles = new Set<string>(),
): NavNode[] {
  const missing = (path: string, where: string) => {
    diagnostics.push({
      ruleId: 'mkdocs-nav-missing',
      severity: 'warning',
      message: `${where} names \`${path}\`, which is not a page under \`${docsDir}/\``,
    });
  };
  const folder = (title: string | undefined, path: string): NavNode[] | undefined => {
    const nodes = folderNavigation(path, pageSources, diagnostics, readText, navFiles);
    if (nodes === undefined) return undefined;
    if (title === undefined) return nodes;
    const [first, ...rest] = nodes;
    if (
      first?.kind === 'page' &&
      first.children.length === 0 &&
      isIndexName(basename(first.source))
    )
      return [{ ...first, title, children: rest }];
    return [{ kind: 'section', title, slug: slugify(title), children: nodes }];
  };
  const convert = (list: readonly MkdocsNavEntry[]): NavNode[] =>
    list.flatMap((entry): NavNode[] => {
      if (entry.kind === 'link') return [{ kind: 'link', title: entry.title, href: entry.href }];
      if (entry.kind === 'page') {
        const source = joinPath(docsDir, entry.path.replace(/\/+$/, ''));
        if (source === undefined || !pageSources.has(source)) {
          const nodes = source === undefined ? undefined : folder(entry.title, source);
          if (nodes !== undefined) return nodes;
          missing(entry.path, 'nav');
          return [];
        }
        return [
          {
            kind: 'page',
            source,
            ...(entry.title === undefined ? {} : { title: entry.title }),
            children: [],
          },
        ];
      }
      const [first, ...rest] = entry.children;
      if (first?.kind === 'page' && isIndexName(basename(first.path))) {
        const [page] = convert([first]);
        if (page?.kind === 'page')
          return [{ ...page, title: first.title ?? entry.title, children: convert(rest) }];
      }
      return [
        {
          kind: 'section',
          title: entry.title,
          slug: slugify(entry.title),
          children: convert(entry.children),
        },
      ];
    });
  return convert(entries);
}

/**
 * The navigation of the folder `dir` (a path from the tree's root), undefined when it holds no
 * page: the list of its `SUMMARY.md` (mkdocs-literate-nav's form: `* [Title](page.md)`, nested
 * lists, `* [Title](subfolder/)` for a subfolder's own navigation), else its pages by folders,
 * its index first. The `SUMMARY.md` itself is navigation, not a page: it is added to `navFiles`.
 */
function folderNavigation(
  dir: string,
  pageSources: ReadonlySet<string>,
  diagnostics: Diagnostic[],
  readText: (path: string) => string | undefined,
  navFiles: Set<string>,
): NavNode[] | undefined {
  const navFile = `${dir}/${LITERATE_NAV_FILE}`;
  const inside = [...pageSources].filter(
    (source) => source.startsWith(`${dir}/`) && source !== navFile,
  );
  if (inside.length === 0) return undefined;
  const text = readText(navFile);
  if (text === undefined)
    return folderNav(
      inside.map((source) => ({
        source,
        relativePath: source.slice(dir.length + 1),
        position: undefined,
      })),
    );
  navFiles.add(navFile);
  const parsed = parseSummary(text);
  diagnostics.push(...parsed.diagnostics.map((d) => ({ ...d, path: navFile })));
  const convert = (list: readonly SummaryEntry[]): NavNode[] =>
    list.flatMap((entry): NavNode[] => {
      if (entry.kind === 'link') return [{ kind: 'link', title: entry.title, href: entry.href }];
      if (entry.kind !== 'page') return convert(entry.children);
      const target = decodePath(splitAnchor(entry.path).path);
      const source = joinPath(dir, target.replace(/\/+$/, ''));
      if (source !== undefined && pageSources.has(source) && source !== navFile)
        return [{ kind: 'page', source, title: entry.title, children: convert(entry.children) }];
      const nested =
        source === undefined
          ? undefined
          : folderNavigation(source, pageSources, diagnostics, readText, navFiles);
      if (nested !== undefined)
        return [
          {
            kind: 'section',
            title: entry.title,
            slug: slugify(entry.title),
            children: [...nested, ...convert(entry.children)],
          },
        ];
      diagnostics.push({
        ruleId: 'mkdocs-nav-missing',
        severity: 'warning',
        path: navFile,
        message: `\`${navFile}\` names \`${entry.path}\`, which is not a page or a folder of pages`,
      });
      return convert(entry.children);
    });
  return convert(parsed.summary.entries);
}
