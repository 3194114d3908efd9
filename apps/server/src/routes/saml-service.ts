import { NotFoundError, BadRequestError } from '../errors.js';
import type { BrowserRoute } from '../http/browser-route.js';
import { renderLoginCodePage } from '../sso/login-code-page.js';
import { reviewRelay, reviewSsoContinuePage } from '../review/review-sso.js';
import { acceptSamlResponse } from '../sso/saml-login.js';
import type { SamlProviderRow } from '../sso/saml-providers.js';
import { samlService, serviceMetadata } from '../sso/saml-service.js';
import { SamlRequestStore } from '../sso/saml-request-store.js';
import { SAML_SERVICE_PATH, serviceUrls } from '../sso/service-urls.js';
import type { ServerContext } from '../server-context.js';

/** The provider a service URL names; 404 "SAML provider not found" otherwise. */
async function providerOf(ctx: ServerContext, id: string | undefined): Promise<SamlProviderRow> {
  const row = await ctx.db
    .selectFrom('saml_providers')
    .selectAll()
    .where('id', '=', id ?? '')
    .executeTakeFirst();
  if (row === undefined) throw new NotFoundError('SAML provider');
  return row;
}

/**
 * The service side of each SAML provider, for browsers and IdPs (no token): its metadata, the
 * start of a login (HTTP-Redirect binding) and the assertion consumer service (HTTP-POST).
 */
export const samlServiceRoutes: readonly BrowserRoute[] = [
  {
    method: 'GET',
    path: `${SAML_SERVICE_PATH}/metadata`,
    summary:
      'No token. The SAML service-provider metadata of a provider (entity id, ACS, NameID format), also while it is pending.',
    handler: async ({ params, ctx, baseUrl, reply }) => {
      const row = await providerOf(ctx, params['samlProviderId']);
      await reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .send(serviceMetadata(serviceUrls(baseUrl, row.id)));
    },
  },
  {
    method: 'GET',
    path: `${SAML_SERVICE_PATH}/start`,
    summary:
      'No token. Starts a login: 302 to the IdP’s ssoURL with an AuthnRequest (HTTP-Redirect binding), remembered in the database for 10 minutes; 409 while the provider is pending.',
    handler: async ({ params, ctx, baseUrl, reply }) => {
      const row = await providerOf(ctx, params['samlProviderId']);
      const { saml } = samlService(
        row,
        serviceUrls(baseUrl, row.id),
        new SamlRequestStore(ctx.db, row.id),
      );
      const location = await saml.getAuthorizeUrlAsync('', undefined, {});
      await reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  },
  {
    method: 'POST',
    path: `${SAML_SERVICE_PATH}/acs`,
    summary:
      'No token. The assertion consumer service: the IdP’s form POST (`SAMLResponse`). A valid answer signs in (making the account on first login) and shows a one-time code for `docsync login --sso` (or, for a sign-in the review view started, a button that takes the code back there); 401 for an unsigned, altered, expired, misaddressed or replayed one, 403 for an account that is not an SSO member.',
    handler: async ({ params, form, ctx, baseUrl, reply }) => {
      const row = await providerOf(ctx, params['samlProviderId']);
      const response = form['SAMLResponse'];
      if (typeof response !== 'string' || response === '')
        throw new BadRequestError('The form must carry a `SAMLResponse` field');
      const login = await acceptSamlResponse(ctx.db, row, response, {
        urls: serviceUrls(baseUrl, row.id),
        clock: ctx.clock,
        ids: ctx.ids,
      });
      // A sign-in the review view started goes back there, from this origin (see review-sso.ts).
      const review = reviewRelay(form['RelayState']);
      if (review !== undefined) {
        await reply
          .header('cache-control', 'no-store')
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'self' 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
          )
          .type('text/html; charset=utf-8')
          .send(reviewSsoContinuePage({ email: login.email, code: login.code, ...review }));
        return;
      }
      const organization = await ctx.db
        .selectFrom('organizations')
        .select('title')
        .where('id', '=', row.organization_id)
        .executeTakeFirstOrThrow();
      await reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('text/html; charset=utf-8')
        .send(
          renderLoginCodePage({
            baseUrl,
            email: login.email,
            organization: organization.title,
            code: login.code,
            expiresAt: login.expiresAt,
          }),
        );
    },
  },
];
