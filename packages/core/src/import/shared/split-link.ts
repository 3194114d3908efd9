import { splitAnchor } from '../../tree/paths.js';

/** Splits a written link into its path (decoded, without `?query`) and its anchor. */
export function splitLink(url: string): { path: string; anchor: string | undefined } {
  const { path, anchor } = splitAnchor(url);
  const withoutQuery = path.replace(/\?.*$/, '');
  let decoded = withoutQuery;
  try {
    decoded = decodeURI(withoutQuery);
  } catch {
    // A malformed escape is matched as written.
  }
  return { path: decoded, anchor };
}
