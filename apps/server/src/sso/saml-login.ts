import type { Profile } from '@node-saml/node-saml';
import type { Clock } from '../clock.js';
import { systemClock } from '../clock.js';
import { ForbiddenError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import type { Db } from '../storage/schema.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { TEAM_MEMBER } from '../teams/team-access.js';
import { assertionFacts, type AssertionFacts } from './saml-assertion-facts.js';
import type { SamlProviderRow } from './saml-providers.js';
import { SamlRefusedError, samlRefusalOf } from './saml-refused-error.js';
import { samlService } from './saml-service.js';
import { SamlRequestStore } from './saml-request-store.js';
import type { ServiceUrls } from './service-urls.js';
import { createSsoLoginCode } from './sso-login-codes.js';

/** How long an accepted assertion that names no `NotOnOrAfter` is remembered. */
const ASSERTION_MEMORY_MS = 24 * 60 * 60_000;

/** Who a SAML login signed in, and the one-time code that becomes their API token. */
export interface SamlLogin {
  readonly userId: string;
  readonly email: string;
  /** Whether the login made the account. */
  readonly created: boolean;
  readonly code: string;
  readonly expiresAt: string;
}

/** What {@link acceptSamlResponse} needs besides the provider and the answer. */
export interface SamlLoginOptions {
  readonly urls: ServiceUrls;
  /** For the accounts made and the code's expiry. */
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/**
 * The assertion consumer service: checks the IdP's answer (node-saml: signature by the
 * provider's certificate, audience, time, `InResponseTo` of a request this service sent, used
 * up in the database), that the provider's entity id issued it, and that its assertion was never
 * accepted before (by any instance); then signs in the account with its e-mail address, making
 * it on first login, and returns a one-time code for the CLI.
 */
export async function acceptSamlResponse(
  db: Db,
  provider: SamlProviderRow,
  samlResponse: string,
  options: SamlLoginOptions,
): Promise<SamlLogin> {
  const requests = new SamlRequestStore(db, provider.id);
  const service = samlService(provider, options.urls, requests);
  let profile: Profile | null;
  try {
    ({ profile } = await service.saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw samlRefusalOf(error, options.urls.entityID);
  }
  if (profile === null)
    throw new SamlRefusedError('invalid', 'The SAML answer signs nobody in (no assertion)');
  const inResponseTo = typeof profile['inResponseTo'] === 'string' ? profile['inResponseTo'] : '';
  // node-saml removes the request only when the assertion repeats `InResponseTo`; otherwise it
  // is used up here. Either way exactly one answer gets it: another instance may have used the
  // same request between node-saml's check and the removal.
  if (!requests.consumed(inResponseTo)) await requests.removeAsync(inResponseTo);
  if (!requests.consumed(inResponseTo))
    throw new SamlRefusedError(
      'unknown-request',
      'The SAML answer does not answer a login this service started, or it was used already: start again from the start URL',
    );
  if (profile.issuer !== service.idpEntityId)
    throw new SamlRefusedError(
      'issuer',
      `The SAML assertion was issued by \`${profile.issuer}\`, not by the provider’s entityID \`${service.idpEntityId}\``,
    );
  const facts = assertionFacts(profile);
  await rememberAssertion(db, provider.id, facts);
  if (facts.email === undefined)
    throw new SamlRefusedError(
      'no-email',
      'The SAML assertion names no e-mail address (NameID in the emailAddress format, or an `email` attribute)',
    );
  const { userId, created } = await signIn(db, provider, facts.email, facts.name, options);
  const { code, expiresAt } = await createSsoLoginCode(db, userId, provider.id, options.clock);
  return { userId, email: facts.email, created, code, expiresAt };
}

/**
 * Records the assertion's id until it expires; 401 when it was accepted before. The insert is
 * the check, so two instances given the same assertion at once cannot both accept it.
 */
async function rememberAssertion(db: Db, providerId: string, facts: AssertionFacts) {
  if (facts.id === '')
    throw new SamlRefusedError('invalid', 'The SAML assertion has no ID attribute');
  const now = systemClock.now();
  const expiresAt =
    facts.notOnOrAfter ?? new Date(now.getTime() + ASSERTION_MEMORY_MS).toISOString();
  await db.deleteFrom('saml_assertions').where('expires_at', '<=', now.toISOString()).execute();
  const inserted = await db
    .insertInto('saml_assertions')
    .values({
      provider_id: providerId,
      assertion_id: facts.id,
      accepted_at: now.toISOString(),
      // Kept a minute past its end, the clock skew node-saml allows.
      expires_at: new Date(Date.parse(expiresAt) + 60_000).toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['provider_id', 'assertion_id']).doNothing())
    .executeTakeFirst();
  if (inserted.numInsertedOrUpdatedRows !== 1n)
    throw new SamlRefusedError(
      'replayed',
      `The SAML assertion \`${facts.id}\` was used already: sign in again`,
    );
}

/**
 * The account with the address: made (with the provider's default role and team, an SSO member)
 * when there is none; an SSO member of the organization signs in; anyone else is a 403 until an
 * admin adds them and marks them SSO, since the IdP's word must not take over an account that
 * signs in otherwise. A new account's address is not marked verified: an IdP vouches for it in
 * its own organization only, not for joining others by e-mail domain.
 */
async function signIn(
  db: Db,
  provider: SamlProviderRow,
  email: string,
  name: string | undefined,
  options: SamlLoginOptions,
): Promise<{ userId: string; created: boolean }> {
  const now = options.clock.now().toISOString();
  const organizationId = provider.organization_id;
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .executeTakeFirst();
      if (existing !== undefined) {
        const member = await trx
          .selectFrom('members')
          .select(['sso', 'disabled'])
          .where('organization_id', '=', organizationId)
          .where('user_id', '=', existing.id)
          .executeTakeFirst();
        if (member === undefined)
          throw new ForbiddenError(
            `An account with the address \`${email}\` exists but is not a member of this organization: an admin invites it, then marks it SSO (POST /v1/orgs/${organizationId}/members/${existing.id}/sso)`,
          );
        if (!member.sso)
          throw new ForbiddenError(
            `The member \`${email}\` does not sign in through SSO yet: an admin marks them SSO first (POST /v1/orgs/${organizationId}/members/${existing.id}/sso)`,
          );
        if (member.disabled)
          throw new ForbiddenError(`The member \`${email}\` is disabled in this organization`);
        return { userId: existing.id, created: false };
      }
      const userId = options.ids();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          display_name: name ?? email.split('@')[0] ?? email,
          email,
          email_verified: false,
          photo_url: null,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('members')
        .values({
          organization_id: organizationId,
          user_id: userId,
          role: provider.default_role,
          sso: true,
          disabled: false,
          joined_at: now,
          last_seen_at: null,
        })
        .execute();
      if (provider.default_team_id !== null)
        await trx
          .insertInto('team_members')
          .values({
            team_id: provider.default_team_id,
            user_id: userId,
            role: TEAM_MEMBER,
            added_at: now,
          })
          .execute();
      return { userId, created: true };
    });
  try {
    return await attempt();
  } catch (error) {
    // Two first logins of one address at once: the second finds the account the first made.
    if (!isUniqueViolation(error)) throw error;
    return attempt();
  }
}
