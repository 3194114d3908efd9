/** Schemes a link of a page may use: anything else (`javascript:`, `data:`) is not linked. */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * `url` when a browser may follow it from a page without running anything: a relative URL, a
 * fragment, or one of http, https, mailto and tel. Undefined otherwise. Browsers drop tabs and
 * newlines and ignore leading spaces and controls before reading a scheme, so this does too.
 */
export function safeUrl(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- browsers skip these control characters too
  const bare = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(bare);
  if (scheme === null) return url;
  return SAFE_SCHEMES.has(`${(scheme[1] ?? '').toLowerCase()}:`) ? url : undefined;
}
