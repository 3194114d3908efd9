import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * Visitor tokens of `visitor-auth` sites. The API description says visitors authenticate with a
 * JWT but not how it is signed; docsync follows the public API's model: each site has a secret
 * key (`GET …/publishing/auth`) that the site owner's own login service signs tokens with,
 * HS256, using the key text as the HMAC secret (what `jwt.sign(claims, privateKey)` does). The
 * claims are the visitor's (adaptive content reads them); `exp` is required, so a token that
 * leaks stops working, and `nbf` is honoured when present. Signing and verifying are `jose`'s.
 */

/** A new signing key for a site: 32 random bytes as base64url text. */
export function newSigningKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The HMAC secret of a key: its text's bytes. */
function secretOf(key: string): Uint8Array {
  return new TextEncoder().encode(key);
}

/** Signs `claims` as an HS256 JWT with `key` (what a site's login service does). */
export function signVisitorToken(key: string, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretOf(key));
}

/**
 * The claims of `token` when it is an HS256 JWT signed with `key`, not expired at `now` and
 * already valid (`nbf`); undefined otherwise, whatever the reason (the caller learns nothing
 * about which part failed).
 */
export async function verifyVisitorToken(
  key: string,
  token: string,
  now: Date,
): Promise<Record<string, unknown> | undefined> {
  try {
    const { payload } = await jwtVerify(token, secretOf(key), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      currentDate: now,
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
