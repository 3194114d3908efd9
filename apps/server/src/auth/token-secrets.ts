import { hash, randomBytes } from 'node:crypto';

/** The SHA-256 (hex) under which a token (or another random secret) is stored and looked up. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A new random secret: `prefix` then 43 base64url characters (32 random bytes). */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}
