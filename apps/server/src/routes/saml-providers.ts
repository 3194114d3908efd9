import {
  CreateSamlProviderBody,
  ExchangeSsoCodeBody,
  ListOf,
  PaginationQuery,
  SamlProvider,
  SsoCodeToken,
  SsoProviderList,
  UpdateSamlProviderBody,
} from '@docsync/api';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import { anonymousOperation, operation, type Operation } from '../http/operation.js';
import { samlProviderResources } from '../sso/saml-provider-resource.js';
import {
  createSamlProvider,
  deleteSamlProvider,
  isActive,
  listSamlProviders,
  requireSamlProvider,
  updateSamlProvider,
} from '../sso/saml-providers.js';
import { serviceUrls } from '../sso/service-urls.js';
import { exchangeSsoLoginCode } from '../sso/sso-login-codes.js';

/**
 * SAML and SSO. Admins manage an organization's SAML providers (403 for other members, 404 for
 * an organization the caller is not in); every member may list the sign-in entry points of its
 * active ones. The one-time code a SAML login shows becomes an API token without a token.
 */
export const samlProviderOperations: readonly Operation[] = [
  operation(
    'listSAMLProvidersInOrganizationById',
    { params: ['organizationId'], query: PaginationQuery, response: ListOf(SamlProvider) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'see the SAML providers');
      const page = await listSamlProviders(ctx.db, params.organizationId, query);
      return {
        items: await samlProviderResources(ctx.db, access, page.rows, baseUrl),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'createOrganizationSAMLProvider',
    { params: ['organizationId'], body: CreateSamlProviderBody, response: SamlProvider },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'add SAML providers');
      const id = await createSamlProvider(ctx.db, params.organizationId, body, ctx);
      const row = await requireSamlProvider(ctx.db, params.organizationId, id);
      const [provider] = await samlProviderResources(ctx.db, access, [row], baseUrl);
      if (provider === undefined) throw new Error('the provider just made is not there');
      return provider;
    },
  ),

  operation(
    'getOrganizationSAMLProviderById',
    { params: ['organizationId', 'samlProviderId'], response: SamlProvider },
    async ({ params, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'see the SAML providers');
      const row = await requireSamlProvider(ctx.db, params.organizationId, params.samlProviderId);
      const [provider] = await samlProviderResources(ctx.db, access, [row], baseUrl);
      if (provider === undefined) throw new Error('the provider read is not there');
      return provider;
    },
  ),

  operation(
    'deleteOrganizationSAMLProvider',
    { params: ['organizationId', 'samlProviderId'], response: null },
    async ({ params, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'remove SAML providers');
      // Removing one that does not exist succeeds and changes nothing.
      await deleteSamlProvider(ctx.db, params.organizationId, params.samlProviderId);
      return undefined;
    },
  ),

  operation(
    'updateOrganizationSAMLProvider',
    {
      params: ['organizationId', 'samlProviderId'],
      body: UpdateSamlProviderBody,
      response: SamlProvider,
    },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'admin', 'change SAML providers');
      const existing = await requireSamlProvider(
        ctx.db,
        params.organizationId,
        params.samlProviderId,
      );
      await updateSamlProvider(ctx.db, existing, body, ctx.clock);
      const row = await requireSamlProvider(ctx.db, params.organizationId, existing.id);
      const [provider] = await samlProviderResources(ctx.db, access, [row], baseUrl);
      if (provider === undefined) throw new Error('the provider changed is not there');
      return provider;
    },
  ),

  operation(
    'listSSOProviderLoginsInOrganization',
    { params: ['organizationId'], response: SsoProviderList },
    async ({ params, caller, ctx, baseUrl }) => {
      await requireOrganization(ctx.db, caller, params.organizationId);
      // Every member may see where to sign in; pending providers cannot sign anyone in yet.
      const rows = await ctx.db
        .selectFrom('saml_providers')
        .selectAll()
        .where('organization_id', '=', params.organizationId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return {
        items: rows.filter(isActive).map((row) => ({
          id: row.id,
          label: row.label,
          startURL: serviceUrls(baseUrl, row.id).startURL,
        })),
      };
    },
  ),

  anonymousOperation(
    'exchangeSsoLoginCode',
    { body: ExchangeSsoCodeBody, response: SsoCodeToken },
    async ({ body, ctx }) => exchangeSsoLoginCode(ctx.db, body.code, ctx),
  ),
];
