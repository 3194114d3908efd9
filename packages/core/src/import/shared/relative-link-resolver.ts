import type { TreeFile } from '../../tree/tree-file.js';
import { dirname, joinPath } from '../../tree/paths.js';
import type { LinkTarget, ResolveLink } from './build-revision.js';
import { splitLink } from './split-link.js';

/**
 * Resolves links between plain files, as MkDocs and folder-based sites do: a path relative to the
 * page (or, starting with `/`, to `root`), a page file, a folder (its `index.md` or `README.md`),
 * or an asset in the tree.
 */
export function relativeLinkResolver(
  pageSources: ReadonlySet<string>,
  filesByPath: ReadonlyMap<string, TreeFile>,
  root: string,
): ResolveLink {
  return (url: string, from: string): LinkTarget | undefined => {
    const { path, anchor } = splitLink(url);
    const target = path.startsWith('/') ? joinPath(root, path) : joinPath(dirname(from), path);
    if (target === undefined) return undefined;
    const candidates = [
      target,
      ...['index.md', 'README.md', 'index.markdown'].map((name) => joinPath(target, name) ?? ''),
      ...(/\.[A-Za-z0-9]+$/.test(target) ? [] : [`${target}.md`]),
    ];
    const page = candidates.find((candidate) => pageSources.has(candidate));
    if (page !== undefined)
      return { kind: 'page', source: page, ...(anchor === undefined ? {} : { anchor }) };
    // An image's `#only-light` / `#only-dark` fragment is for the theme: the file is the same.
    if (filesByPath.has(target)) return { kind: 'asset', path: target };
    return undefined;
  };
}
