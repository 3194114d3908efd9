import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkedUrl, fetchFailure, guardedLookup, type FetchLimits } from './fetch-url.js';

/** What a POST got back: the status, and the start of the body (for the record). */
export interface Posted {
  readonly status: number;
  readonly body: string;
}

/** How much of an answer's body is kept: enough to show why a receiver refused. */
const KEPT_BODY_BYTES = 2048;

/**
 * POSTs a body to a URL a caller configured (an integration's endpoint), under the same guard
 * as {@link fetchUrl}: http(s) only, only to addresses the policy allows (checked on the address
 * connected to), within the timeout. Redirects are not followed: a 3xx is the answer. Any status
 * resolves; no answer (refused, unreachable, timed out) rejects with a `FetchUrlError`.
 */
export async function postUrl(
  text: string,
  message: { body: Buffer; headers: Readonly<Record<string, string>> },
  limits: Pick<FetchLimits, 'policy' | 'timeoutMs'>,
  cancel?: AbortSignal,
): Promise<Posted> {
  const url = checkedUrl(text, limits.policy);
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = cancel === undefined ? timeout : AbortSignal.any([timeout, cancel]);
  try {
    return await new Promise<Posted>((resolve, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          method: 'POST',
          headers: { ...message.headers, 'content-length': String(message.body.length) },
          lookup: guardedLookup(limits.policy),
          signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size < KEPT_BODY_BYTES) chunks.push(chunk);
            size += chunk.length;
          });
          response.on('error', reject);
          response.on('end', () => {
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).subarray(0, KEPT_BODY_BYTES).toString('utf8'),
            });
          });
        },
      );
      request.on('error', reject);
      request.end(message.body);
    });
  } catch (error) {
    throw fetchFailure(error, { url, timeoutMs: limits.timeoutMs, timeout, cancel });
  }
}
