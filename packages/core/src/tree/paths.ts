/** POSIX path helpers for tree paths (always `/`, never absolute). */

/** The directory part of a path (`''` for a top-level file). */
export function dirname(path: string): string {
  const index = path.lastIndexOf('/');
  return index < 0 ? '' : path.slice(0, index);
}

/** The last segment of a path. */
export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A joined path that normalization would change: empty, `.` or `..` segments. */
const needsNormalizing = /(?:^|\/)\.{0,2}(?:\/|$)/;

/** Joins and normalizes (`a/b/../c` → `a/c`); `undefined` when `..` climbs above the root. */
export function joinPath(...parts: string[]): string | undefined {
  const joined = parts.join('/');
  if (!needsNormalizing.test(joined)) return joined;
  const out: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(segment);
  }
  return out.join('/');
}

/** The relative path from the directory `fromDir` to `to` (`../b/c.md`). */
export function relativePath(fromDir: string, to: string): string {
  if (fromDir === '') return to;
  const from = fromDir === '' ? [] : fromDir.split('/');
  const target = to.split('/');
  let common = 0;
  while (common < from.length && common < target.length - 1 && from[common] === target[common])
    common++;
  return [...from.slice(common).map(() => '..'), ...target.slice(common)].join('/');
}

/** Splits `page.md#anchor` into the path and the anchor. */
export function splitAnchor(href: string): { path: string; anchor: string | undefined } {
  const index = href.indexOf('#');
  return index < 0
    ? { path: href, anchor: undefined }
    : { path: href.slice(0, index), anchor: href.slice(index + 1) };
}

/** Decodes `%20`-style escapes, leaving malformed ones as written. */
export function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
