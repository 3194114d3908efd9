import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Visitor tokens of `visitor-auth` sites. The API description says visitors authenticate with a
 * JWT but not how it is signed; docsync follows the public API's model: each site has a secret
 * key (`GET …/publishing/auth`) that the site owner's own login service signs tokens with,
 * HS256, using the key text as the HMAC secret (what `jwt.sign(claims, privateKey)` does). The
 * claims are the visitor's (adaptive content reads them); `exp` is required, so a token that
 * leaks stops working, and `nbf` is honoured when present.
 */

/** A new signing key for a site: 32 random bytes as base64url text. */
export function newSigningKey(): string {
  return randomBytes(32).toString('base64url');
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signature(key: string, signingInput: string): Buffer {
  return createHmac('sha256', key).update(signingInput).digest();
}

/** Signs `claims` as an HS256 JWT with `key` (what a site's login service does). */
export function signVisitorToken(key: string, claims: Record<string, unknown>): string {
  const signingInput = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${signingInput}.${signature(key, signingInput).toString('base64url')}`;
}

function decodePart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The claims of `token` when it is an HS256 JWT signed with `key`, not expired at `now` and
 * already valid (`nbf`); undefined otherwise, whatever the reason (the caller learns nothing
 * about which part failed).
 */
export function verifyVisitorToken(
  key: string,
  token: string,
  now: Date,
): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, sent] = parts as [string, string, string];
  if (decodePart(header)?.['alg'] !== 'HS256') return undefined;
  const expected = signature(key, `${header}.${payload}`);
  const given = Buffer.from(sent, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims = decodePart(payload);
  const seconds = now.getTime() / 1000;
  const { exp, nbf } = claims ?? {};
  if (typeof exp !== 'number' || exp <= seconds) return undefined;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds)) return undefined;
  return claims;
}
