/** A value a query parameter can take; arrays become one `key=value` pair per element. */
export type QueryValue = string | number | boolean | readonly (string | number | boolean)[];

/** Query parameters; `undefined` and `null` members are left out. */
export type QueryParams = Readonly<Record<string, QueryValue | null | undefined>>;

/** Why a URL could not be built; the client turns it into an `InvalidRequestError`. */
export class UrlBuildError extends Error {}

/**
 * Fills the `{name}` placeholders of a route path. Each value is percent-encoded as one path
 * segment, so an id holding `/`, `?` or `#` cannot reach another route.
 */
export function expandPath(
  path: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return path.replace(/\{([^}]+)\}/g, (_placeholder, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      throw new UrlBuildError(`Path parameter \`${name}\` of \`${path}\` is missing or empty.`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * Serialises a query the way the API reads it: repeated keys for arrays (`authors=a&authors=b`,
 * as the comments list takes them), booleans and numbers as their text.
 */
export function serializeQuery(query: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
        throw new UrlBuildError(`Query parameter \`${key}\` must be a string, number or boolean.`);
      }
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The absolute URL of a route: `baseUrl` (the server's origin, optionally with a path prefix,
 * without `/v1`, which every route path carries) + the expanded path + the query.
 */
export function buildUrl(
  baseUrl: string,
  path: string,
  params?: Readonly<Record<string, string | number>>,
  query?: QueryParams,
): string {
  return `${baseUrl.replace(/\/+$/, '')}${expandPath(path, params)}${serializeQuery(query)}`;
}
