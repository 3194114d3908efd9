import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id arrives in and is echoed back in. */
export const REQUEST_ID_HEADER = 'x-request-id';

// A caller's id is echoed into logs and headers, so only short, plain values are taken as given.
const acceptable = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/** Uses the caller's `x-request-id` when it is a plain token, otherwise makes a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && acceptable.test(given) ? given : randomUUID();
}
