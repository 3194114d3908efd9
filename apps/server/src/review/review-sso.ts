import { timingSafeEqual } from 'node:crypto';
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { newSecret } from '../auth/api-tokens.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import type { BrowserRouteCall } from '../http/browser-route.js';
import { readCookie } from '../http/read-cookie.js';
import { htmlDocument } from '../published/html-document.js';
import { SITE_ASSETS } from '../published/site-assets.js';
import type { ServerContext } from '../server-context.js';
import { samlService } from '../sso/saml-service.js';
import { SamlRequestStore } from '../sso/saml-request-store.js';
import { serviceUrls } from '../sso/service-urls.js';

/**
 * The cookie that ties a review sign-in through SSO to the browser that started it: its value is
 * the nonce the `RelayState` carries, and the one-time code is exchanged only where both agree,
 * so a SAML answer posted into another person's browser (login CSRF) signs nobody in there.
 */
export const REVIEW_SSO_COOKIE = 'docsync_app_sso';

/** Where a sign-in may send the reader back to: a page of the review view, nothing else. */
export function safeNext(next: string | undefined): string {
  return next !== undefined && /^\/app\/s\/[^/\\]/.test(next) ? next : '/app/login';
}

/** `RelayState` of a review sign-in: `review:<nonce>:<next>`. */
const RELAY_PREFIX = 'review:';

/** A review sign-in's nonce: what {@link newSecret} makes. */
const NONCE = /^dsn_[\w-]{20,}$/;

/** An SSO provider members of the space `next` names sign in with: configured, not pending. */
export interface ReviewSsoProvider {
  id: string;
  label: string;
}

/** The space id of a review address (`/app/s/<spaceId>/…`). */
function spaceOf(next: string): string | undefined {
  const match = /^\/app\/s\/([^/?#]+)/.exec(next);
  if (match?.[1] === undefined) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/** The configured SAML providers of the organization of the space `next` leads to. */
export async function reviewSsoProviders(
  ctx: ServerContext,
  next: string,
): Promise<ReviewSsoProvider[]> {
  const spaceId = spaceOf(next);
  if (spaceId === undefined) return [];
  return ctx.db
    .selectFrom('saml_providers')
    .innerJoin('spaces', 'spaces.organization_id', 'saml_providers.organization_id')
    .select(['saml_providers.id as id', 'saml_providers.label as label'])
    .where('spaces.id', '=', spaceId)
    .where('saml_providers.entity_id', 'is not', null)
    .where('saml_providers.sso_url', 'is not', null)
    .where('saml_providers.certificate', 'is not', null)
    .orderBy('saml_providers.label')
    .execute();
}

/**
 * Starts a review sign-in through a SAML provider: the AuthnRequest as `/sso/saml/<id>/start`
 * sends it, with `RelayState` naming the review page to come back to and a fresh nonce, which
 * the browser keeps in {@link REVIEW_SSO_COOKIE} for ten minutes (as long as the request lives).
 */
export async function startReviewSso(call: BrowserRouteCall, next: string): Promise<void> {
  const { ctx, params, baseUrl, reply, request } = call;
  const row = await ctx.db
    .selectFrom('saml_providers')
    .selectAll()
    .where('id', '=', params['samlProviderId'] ?? '')
    .executeTakeFirst();
  if (row === undefined) throw new NotFoundError('SAML provider');
  const nonce = newSecret('dsn_');
  const { saml } = samlService(
    row,
    serviceUrls(baseUrl, row.id),
    new SamlRequestStore(ctx.db, row.id),
  );
  const location = await saml.getAuthorizeUrlAsync(
    `${RELAY_PREFIX}${nonce}:${next}`,
    undefined,
    {},
  );
  const secure = request.protocol === 'https' ? '; Secure' : '';
  await reply
    .header('cache-control', 'no-store')
    .header(
      'set-cookie',
      `${REVIEW_SSO_COOKIE}=${nonce}; Path=/app; Max-Age=600; HttpOnly; SameSite=Strict${secure}`,
    )
    .redirect(location, 302);
}

/** The nonce and the review page of a review sign-in's `RelayState`, or undefined for another. */
export function reviewRelay(
  relayState: string | undefined,
): { nonce: string; next: string } | undefined {
  if (relayState?.startsWith(RELAY_PREFIX) !== true) return undefined;
  const rest = relayState.slice(RELAY_PREFIX.length);
  const colon = rest.indexOf(':');
  const nonce = rest.slice(0, colon);
  if (colon === -1 || !NONCE.test(nonce)) return undefined;
  return { nonce, next: safeNext(rest.slice(colon + 1)) };
}

/** A page of the review view's sign-in: its title as the heading, then `content`. */
export function signInPage(title: string, content: ElementContent[]): string {
  return htmlDocument({
    title,
    noIndex: true,
    head: [h('link', { rel: 'stylesheet', href: `/app/~static/${SITE_ASSETS.css.name}` })],
    body: [h('main', { id: 'ds-content', className: ['ds-login'] }, [h('h1', title), ...content])],
  });
}

/**
 * The page the assertion consumer service shows after a review sign-in: a button that posts the
 * one-time code back to the review view from this origin, where the browser's nonce cookie goes
 * with it (the IdP's cross-site POST carries no `SameSite` cookie).
 */
export function reviewSsoContinuePage(options: {
  email: string;
  code: string;
  nonce: string;
  next: string;
}): string {
  return signInPage('Signed in', [
    h('p', `Your identity provider signed you in as ${options.email}.`),
    h('form', { method: 'post', action: '/app/login/sso' }, [
      h('input', { type: 'hidden', name: 'code', value: options.code }),
      h('input', { type: 'hidden', name: 'nonce', value: options.nonce }),
      h('input', { type: 'hidden', name: 'next', value: options.next }),
      h('button', { type: 'submit', autoFocus: true }, 'Continue to the review'),
    ]),
  ]);
}

/**
 * The nonce of a review sign-in's form, checked against the browser's cookie: 400 when they
 * differ or the cookie is gone (the sign-in was not started in this browser, or too long ago).
 */
export function checkReviewNonce(call: BrowserRouteCall): void {
  const sent = call.form['nonce'] ?? '';
  const kept = readCookie(call.request, REVIEW_SSO_COOKIE) ?? '';
  const same =
    sent.length > 0 &&
    sent.length === kept.length &&
    timingSafeEqual(Buffer.from(sent), Buffer.from(kept));
  if (!same)
    throw new BadRequestError(
      'This sign-in was not started in this browser, or it took more than ten minutes: sign in again',
    );
}
