import type { TreeFile } from '../../tree/tree-file.js';
import { dirname, joinPath } from '../../tree/paths.js';
import type { LinkTarget, ResolveLink } from '../shared/build-revision.js';
import { splitLink } from '../shared/split-link.js';
import type { DocusaurusDoc } from './read-doc.js';

/**
 * Resolves links as Docusaurus does: file paths (`./other.md`, `../x/y.mdx`) relative to the
 * page, doc ids (`guides/install`, relative to the page's folder or from the docs root), URL
 * paths under the docs route (`/docs/guides/install`), and assets relative to the page or, for
 * `/img/x.png`, in `static/`.
 */
export function docusaurusLinkResolver(
  docs: readonly DocusaurusDoc[],
  filesByPath: ReadonlyMap<string, TreeFile>,
  docsDir: string,
): ResolveLink {
  const bySource = new Map(docs.map((doc) => [doc.source, doc]));
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const byRoute = new Map(docs.map((doc) => [doc.route, doc]));
  return (url: string, from: string): LinkTarget | undefined => {
    const { path, anchor } = splitLink(url);
    const page = (doc: DocusaurusDoc | undefined): LinkTarget | undefined =>
      doc === undefined
        ? undefined
        : { kind: 'page', source: doc.source, ...(anchor === undefined ? {} : { anchor }) };
    const asset = (candidate: string | undefined): LinkTarget | undefined =>
      candidate !== undefined && filesByPath.has(candidate) && !bySource.has(candidate)
        ? { kind: 'asset', path: candidate }
        : undefined;
    if (path.startsWith('/')) {
      const route = path.replace(/^\/+|\/+$/g, '');
      return (
        asset(joinPath('static', route)) ??
        page(byRoute.get(route.replace(/^docs(\/|$)/, ''))) ??
        page(byId.get(route.replace(/^docs(\/|$)/, '')))
      );
    }
    const target = joinPath(dirname(from), path);
    const fromDoc = bySource.get(from);
    const fromFolder = fromDoc === undefined ? '' : dirname(fromDoc.id);
    const bare = path.replace(/\.mdx?$/, '').replace(/\/+$/, '');
    return (
      page(target === undefined ? undefined : bySource.get(target)) ??
      asset(target) ??
      page(byId.get(joinPath(fromFolder, bare) ?? '')) ??
      page(byId.get(bare)) ??
      page(byRoute.get(joinPath(dirname(fromDoc?.route ?? ''), bare) ?? '')) ??
      (path.startsWith('.') || path.includes('/') ? undefined : asset(joinPath(docsDir, path)))
    );
  };
}
