import type { Diagnostic } from '../../diagnostic.js';
import { basename, joinPath } from '../../tree/paths.js';
import { slugify } from '../../tree/slugify.js';
import { isIndexName } from '../shared/folder-nav.js';
import type { NavNode } from '../shared/nav-node.js';
import type { MkdocsNavEntry } from './read-mkdocs-config.js';

/**
 * The navigation of an MkDocs `nav`: paths are relative to `docs_dir`; a section whose first
 * entry is an index page (`index.md`, as Material's `navigation.indexes` reads it) takes that
 * page as its own. Paths that name no page are reported.
 */
export function mkdocsNav(
  entries: readonly MkdocsNavEntry[],
  docsDir: string,
  pageSources: ReadonlySet<string>,
  diagnostics: Diagnostic[],
): NavNode[] {
  const convert = (list: readonly MkdocsNavEntry[]): NavNode[] =>
    list.flatMap((entry): NavNode[] => {
      if (entry.kind === 'link') return [{ kind: 'link', title: entry.title, href: entry.href }];
      if (entry.kind === 'page') {
        const source = joinPath(docsDir, entry.path);
        if (source === undefined || !pageSources.has(source)) {
          diagnostics.push({
            ruleId: 'mkdocs-nav-missing',
            severity: 'warning',
            message: `nav names \`${entry.path}\`, which is not a page under \`${docsDir}/\``,
          });
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
