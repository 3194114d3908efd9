/**
 * The href that leads from the page at `fromPath` to `toPath` (both paths on this server, percent
 * encoded), relative: `../install` rather than `/sites/<id>/guides/install`. Pages link to each
 * other so, which keeps links working when a reverse proxy serves the site under another host
 * and path (`https://docs.example.com/` for `/sites/<id>/`).
 */
export function relativeHref(fromPath: string, toPath: string): string {
  const fromDir = fromPath
    .slice(0, fromPath.lastIndexOf('/') + 1)
    .split('/')
    .filter(Boolean);
  const [pathPart = '', ...rest] = toPath.split('#');
  const fragment = rest.length === 0 ? '' : `#${rest.join('#')}`;
  const to = pathPart.split('/').filter(Boolean);
  let common = 0;
  while (common < fromDir.length && common < to.length && fromDir[common] === to[common]) common++;
  let href = '../'.repeat(fromDir.length - common) + to.slice(common).join('/');
  // A directory (`~static/`) stays one, so names appended to the href land inside it.
  if (pathPart.endsWith('/') && href !== '' && !href.endsWith('/')) href += '/';
  // A path ending in a segment the directory already names (`./`) would read as its parent.
  return (href === '' ? './' : href) + fragment;
}

/** A server path from segments: each segment percent-encoded. */
export function pathOf(segments: readonly string[]): string {
  return `/${segments.map(encodeURIComponent).join('/')}`;
}

/**
 * A `url` reference of a document as a page may link it: an absolute URL (`https:`, `mailto:`…)
 * or a fragment. A relative one was written relative to the page's file in git (an asset or a
 * page the tree did not resolve), which is not where the page is served: it leads nowhere.
 */
export function documentUrl(url: string): string | undefined {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('#') ? url : undefined;
}
