import { randomBytes } from 'node:crypto';

/** Makes a new resource id. Injected so tests can make ids predictable. */
export type IdGenerator = () => string;

/**
 * 16 url-safe characters from 12 random bytes (96 bits): short enough for URLs and logs, far
 * too many to guess or collide. They carry no order; lists sort by creation time, then id.
 */
export const randomId: IdGenerator = () => randomBytes(12).toString('base64url');
