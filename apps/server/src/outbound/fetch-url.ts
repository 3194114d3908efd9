import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy.js';

/** Why a fetch failed: `timeout`, `refused` (an address or URL the policy refuses), `failed`. */
export type FetchFailure = 'timeout' | 'refused' | 'failed';

/** A URL could not be fetched. */
export class FetchUrlError extends Error {
  override name = 'FetchUrlError';
  /** Stable identifier of the failure: `fetch-timeout`, `fetch-refused`, `fetch-failed`. */
  readonly code: string;
  readonly failure: FetchFailure;
  constructor(failure: FetchFailure, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.failure = failure;
    this.code = `fetch-${failure}`;
  }
}

/** Limits of {@link fetchUrl}. */
export interface FetchLimits {
  /** Addresses it may connect to. */
  policy: AddressPolicy;
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  /** The largest body read; a larger one fails. */
  maxBytes: number;
  /** Redirects followed (each to a URL checked again). */
  maxRedirects: number;
}

/** What a fetch read. */
export interface Fetched {
  /** The URL the body came from, after redirects. */
  readonly url: string;
  readonly body: Buffer;
  readonly contentType: string | undefined;
}

/** A DNS lookup that answers only addresses the policy allows, so the connection uses one. */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error !== null) {
        callback(error, '', 4);
        return;
      }
      const refused = addresses.find((entry) => !policy.allows(entry.address));
      if (refused !== undefined || addresses.length === 0) {
        callback(
          new FetchUrlError(
            'refused',
            `\`${hostname}\` resolves to \`${refused?.address ?? 'nothing'}\`, an address the service does not fetch from`,
          ),
          '',
          4,
        );
        return;
      }
      if (options.all === true) callback(null, addresses);
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
    });
  };
}

/** One request, without following redirects. */
function requestOnce(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: 'GET',
        headers: {
          accept: 'application/json, application/yaml, text/yaml, */*',
          'accept-encoding': 'identity',
        },
        lookup: guardedLookup(limits.policy),
        signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

/** The URL parsed and checked: http(s), no credentials, an IP literal the policy allows. */
export function checkedUrl(text: string, policy: AddressPolicy, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch (error) {
    throw new FetchUrlError('refused', `\`${text}\` is not a URL`, { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchUrlError('refused', `\`${url.href}\` is not an http(s) URL`);
  if (url.username !== '' || url.password !== '')
    throw new FetchUrlError('refused', `\`${url.origin}\` carries credentials in the URL`);
  // Node connects to an IP literal without a lookup: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !policy.allows(host))
    throw new FetchUrlError('refused', `\`${host}\` is an address the service does not fetch from`);
  return url;
}

/** The body, up to `maxBytes` (a larger one fails without reading the rest). */
async function readBody(response: IncomingMessage, url: URL, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  const tooLarge = () =>
    new FetchUrlError('failed', `\`${url.href}\` answers more than ${String(maxBytes)} bytes`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

async function follow(start: URL, limits: FetchLimits, signal: AbortSignal): Promise<Fetched> {
  let url = start;
  for (let redirects = 0; ; redirects += 1) {
    const response = await requestOnce(url, limits, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location !== undefined) {
      response.resume();
      if (redirects >= limits.maxRedirects)
        throw new FetchUrlError(
          'failed',
          `\`${start.href}\` redirects more than ${String(limits.maxRedirects)} times`,
        );
      // Each hop is checked as the first was: a public URL may redirect inward.
      url = checkedUrl(location, limits.policy, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchUrlError('failed', `\`${url.href}\` answers HTTP ${String(status)}`);
    }
    const body = await readBody(response, url, limits.maxBytes);
    return { url: url.href, body, contentType: response.headers['content-type'] };
  }
}

/**
 * Fetches a URL on behalf of a caller, as an attack surface: only http(s), only to addresses the
 * policy allows (checked on the address connected to, so DNS cannot point it elsewhere later),
 * every redirect checked again, the body capped and the whole fetch timed out. `cancel` stops it
 * early (rejecting with the abort, not a {@link FetchUrlError}).
 */
export async function fetchUrl(
  text: string,
  limits: FetchLimits,
  cancel?: AbortSignal,
): Promise<Fetched> {
  const url = checkedUrl(text, limits.policy);
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = cancel === undefined ? timeout : AbortSignal.any([timeout, cancel]);
  try {
    return await follow(url, limits, signal);
  } catch (error) {
    throw fetchFailure(error, { url, timeoutMs: limits.timeoutMs, timeout, cancel });
  }
}

/**
 * What a failed request throws: a {@link FetchUrlError} for the URL's failure (timed out,
 * refused by the policy, unreachable), or the error itself when the caller cancelled.
 */
export function fetchFailure(
  error: unknown,
  during: { url: URL; timeoutMs: number; timeout: AbortSignal; cancel?: AbortSignal | undefined },
): unknown {
  const { url } = during;
  if (error instanceof FetchUrlError) return error;
  // Cancelled by the caller (the server is stopping): not the URL's failure.
  if (during.cancel?.aborted === true) return error;
  if (during.timeout.aborted)
    return new FetchUrlError(
      'timeout',
      `\`${url.href}\` did not answer within ${String(during.timeoutMs)} ms`,
      { cause: error },
    );
  const cause = error instanceof Error ? error.message : String(error);
  // The lookup's refusal reaches here wrapped by the socket.
  if (error instanceof Error && error.cause instanceof FetchUrlError) return error.cause;
  return new FetchUrlError('failed', `\`${url.href}\` could not be fetched: ${cause}`, {
    cause: error,
  });
}
