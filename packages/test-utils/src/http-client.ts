/** One HTTP exchange as a test inspects it. */
export interface HttpResult {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or undefined when it was empty. */
  body: unknown;
  /** The raw body text. */
  text: string;
}

/** Options of one request. */
export interface HttpRequestOptions {
  /** Sent as JSON (`Content-Type: application/json`) unless `rawBody` is given. */
  body?: unknown;
  /** Sent exactly as given, with `contentType` if any. */
  rawBody?: string | Uint8Array;
  contentType?: string;
  /** Bearer token; null sends no `Authorization` header. Default: the client's token. */
  token?: string | null;
  headers?: Record<string, string>;
}

/** Makes requests to a running server as the API's clients do (`Accept: *\/*`, bearer token). */
export interface HttpClient {
  request(method: string, path: string, options?: HttpRequestOptions): Promise<HttpResult>;
  get(path: string, options?: HttpRequestOptions): Promise<HttpResult>;
}

/** A {@link HttpClient} for `baseUrl`, authenticating with `token` unless a request overrides it. */
export function createHttpClient(baseUrl: string, token?: string): HttpClient {
  const request = async (
    method: string,
    path: string,
    options: HttpRequestOptions = {},
  ): Promise<HttpResult> => {
    const headers: Record<string, string> = { accept: '*/*', ...options.headers };
    const bearer = options.token === undefined ? token : options.token;
    if (bearer !== undefined && bearer !== null) headers['authorization'] = `Bearer ${bearer}`;
    let body: string | Uint8Array | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      if (options.contentType !== undefined) headers['content-type'] = options.contentType;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const response = await fetch(new URL(path, baseUrl), { method, headers, body: body ?? null });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
      text,
    };
  };
  return { request, get: (path, options) => request('GET', path, options) };
}
