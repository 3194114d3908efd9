import type { TreeFile } from '../../tree/tree-file.js';
import { dirname, joinPath } from '../../tree/paths.js';
import type { LinkTarget, ResolveLink } from '../shared/build-revision.js';
import { splitLink } from '../shared/split-link.js';
import type { DocusaurusDoc } from './read-doc.js';
import type { DocsInstance, SiteLayout } from './site-layout.js';

/**
 * Resolves links as Docusaurus does: file paths (`./other.md`, `../x/y.mdx`) relative to the
 * page, or from the root (`/api/x.mdx` in the docs folder, `/docs/x.md` in the site folder), doc
 * ids (`guides/install`, relative to the page's folder or from the docs root), URL paths under the
 * site's `baseUrl` and the docs route (`/docs/guides/install`), and assets relative to the page
 * or, for `/img/x.png`, in the static folders.
 */
export function docusaurusLinkResolver(
  instances: readonly (DocsInstance & { docs: readonly DocusaurusDoc[] })[],
  filesByPath: ReadonlyMap<string, TreeFile>,
  layout: Pick<SiteLayout, 'siteDir' | 'staticDirs' | 'baseUrl' | 'url' | 'trailingSlash'>,
): ResolveLink {
  const staticInTree = [...filesByPath.keys()].some((path) =>
    layout.staticDirs.some((dir) => path.startsWith(`${dir}/`)),
  );
  const base = layout.baseUrl === '' ? '/' : `/${layout.baseUrl}/`;
  /** A path of the site (`/docs/blog/x?y#z`) as a target: at the site's URL when it is known. */
  const site = (sitePath: string): LinkTarget => ({
    kind: 'site',
    path: sitePath,
    ...(layout.url === undefined ? {} : { url: `${layout.url}${sitePath}` }),
  });
  /** The URL path of a doc's page, as the site serves it. */
  const pageUrl = (doc: DocusaurusDoc): string => {
    const instance = instanceOf.get(doc.source);
    const parts = [instance?.routeBasePath ?? '', doc.route].filter((part) => part !== '');
    return `${base}${parts.join('/')}${layout.trailingSlash && parts.length > 0 ? '/' : ''}`;
  };
  const docs = instances.flatMap((instance) => instance.docs);
  const instanceOf = new Map(
    instances.flatMap((instance) => instance.docs.map((doc) => [doc.source, instance] as const)),
  );
  const indexes = instances.map((instance) => ({
    instance,
    byId: new Map(instance.docs.map((doc) => [doc.id, doc])),
    byRoute: new Map(instance.docs.map((doc) => [doc.route, doc])),
  }));
  const withoutPrefix = (route: string, prefix: string) =>
    prefix === ''
      ? route
      : route === prefix
        ? ''
        : route.startsWith(`${prefix}/`)
          ? route.slice(prefix.length + 1)
          : undefined;
  const bySource = new Map(docs.map((doc) => [doc.source, doc]));
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
      const full = path.replace(/^\/+|\/+$/g, '');
      // With and without the site's base URL: `/docs/img/x.png` and `/img/x.png` both are seen.
      const routes = [...new Set([withoutPrefix(full, layout.baseUrl), full])].filter(
        (route): route is string => route !== undefined,
      );
      for (const route of routes) {
        const found =
          layout.staticDirs.map((dir) => asset(joinPath(dir, route))).find(Boolean) ??
          page(bySource.get(joinPath(layout.siteDir, route) ?? '')) ??
          instances
            .map((instance) => page(bySource.get(joinPath(instance.docsDir, route) ?? '')))
            .find(Boolean);
        if (found !== undefined) return found;
        for (const { instance, byId, byRoute } of indexes) {
          const versioned = withoutPrefix(route, instance.routeBasePath);
          // `/docs/next/x` is the current version on a versioned site: the docs imported.
          const underDocs = versioned?.startsWith('next/') ? versioned.slice(5) : versioned;
          if (underDocs === undefined) continue;
          const bare = underDocs.replace(/\.mdx?$/, '');
          const byPath = byRoute.get(underDocs) ?? byId.get(bare) ?? byRoute.get(bare);
          if (byPath !== undefined) return page(byPath);
        }
      }
      // A route of the site the import does not hold (a blog post, a page of `src/pages`, another
      // plugin's), or a static file when the tree holds no static folder: Docusaurus's `<Link>`
      // prefixes the base URL unless the path already starts with it. A markdown file path is a
      // file the tree lacks: broken.
      if (/\.mdx?$/i.test(path) || (/\.[a-z0-9]+$/i.test(path) && staticInTree)) return undefined;
      return site(url.startsWith(base) ? url : `${base}${url.replace(/^\/+/, '')}`);
    }
    const target = joinPath(dirname(from), path);
    const fromDoc = bySource.get(from);
    const own = indexes.find((index) => index.instance === instanceOf.get(from)) ?? indexes[0];
    const byId = own?.byId ?? new Map<string, DocusaurusDoc>();
    const byRoute = own?.byRoute ?? new Map<string, DocusaurusDoc>();
    const docsDir = own?.instance.docsDir ?? 'docs';
    const fromFolder = fromDoc === undefined ? '' : dirname(fromDoc.id);
    const bare = path.replace(/\.mdx?$/, '').replace(/\/+$/, '');
    // A relative URL resolves from the page's URL: its folder, or itself with `trailingSlash`.
    const routeFolder =
      fromDoc === undefined ? '' : layout.trailingSlash ? fromDoc.route : dirname(fromDoc.route);
    const found =
      page(target === undefined ? undefined : bySource.get(target)) ??
      asset(target) ??
      page(byId.get(joinPath(fromFolder, bare) ?? '')) ??
      page(byId.get(bare)) ??
      page(byRoute.get(joinPath(routeFolder, bare) ?? '')) ??
      (path.startsWith('.') || path.includes('/') ? undefined : asset(joinPath(docsDir, path)));
    if (found !== undefined || fromDoc === undefined || /\.[a-z0-9]+$/i.test(path)) return found;
    // A relative URL (no file name) naming no doc of the tree: a route of the site, as the
    // browser resolves it from the page's URL.
    const resolved = new URL(url, `https://site.invalid${pageUrl(fromDoc)}`);
    return site(`${resolved.pathname}${resolved.search}${resolved.hash}`);
  };
}
