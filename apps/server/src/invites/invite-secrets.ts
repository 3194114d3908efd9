import { hashToken, newSecret } from '../auth/api-tokens.js';

/** Invite secrets: `dsi_` and 32 random bytes, stored only as their SHA-256 (as API tokens). */
const INVITE_PREFIX = 'dsi_';

/** How long an invite by email can be accepted (once). */
export const EMAIL_INVITE_DAYS = 7;

/** How long an invite link works (for anyone who holds it, any number of times). */
export const LINK_INVITE_DAYS = 30;

/** A new invite secret and the hash to store. */
export function newInviteSecret(): { code: string; hash: string } {
  const code = newSecret(INVITE_PREFIX);
  return { code, hash: hashToken(code) };
}

/** When an invite made `now` stops working, `days` later. */
export function inviteExpiry(now: Date, days: number): string {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
}

/** Where to POST to accept an invite with `code`. */
export function joinUrl(baseUrl: string, organizationId: string, code: string): string {
  return `${baseUrl}/v1/orgs/${organizationId}/invites/${code}`;
}
