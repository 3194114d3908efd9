import { ListOf, PaginationQuery } from '../schemas/common.js';
import {
  CreateSamlProviderBody,
  ExchangeSsoCodeBody,
  SamlProvider,
  SsoCodeToken,
  SsoProviderList,
  UpdateSamlProviderBody,
} from '../schemas/saml-provider.js';
import { defineRoutes } from './define-routes.js';

const providers = '/v1/orgs/{organizationId}/saml';

/** SAML and SSO: identity providers for single sign-on into an organization. */
export const samlRoutes = defineRoutes('SAML and SSO', [
  {
    operationId: 'listSAMLProvidersInOrganizationById',
    method: 'GET',
    path: providers,
    summary: 'List the SAML providers of an organization.',
    query: PaginationQuery,
    responses: { 200: ListOf(SamlProvider) },
  },
  {
    operationId: 'createOrganizationSAMLProvider',
    method: 'POST',
    path: providers,
    summary: 'Add a SAML provider.',
    body: CreateSamlProviderBody,
    responses: { 201: SamlProvider },
  },
  {
    operationId: 'getOrganizationSAMLProviderById',
    method: 'GET',
    path: `${providers}/{samlProviderId}`,
    summary: 'Get a SAML provider.',
    responses: { 200: SamlProvider },
  },
  {
    operationId: 'deleteOrganizationSAMLProvider',
    method: 'DELETE',
    path: `${providers}/{samlProviderId}`,
    summary: 'Remove a SAML provider (succeeds when it does not exist).',
    responses: { 204: null },
  },
  {
    operationId: 'updateOrganizationSAMLProvider',
    method: 'PATCH',
    path: `${providers}/{samlProviderId}`,
    summary: 'Update a SAML provider.',
    body: UpdateSamlProviderBody,
    responses: { 200: SamlProvider },
  },
  {
    operationId: 'listSSOProviderLoginsInOrganization',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sso',
    summary: "List the sign-in entry points of the organization's SSO providers.",
    responses: { 200: SsoProviderList },
  },
  {
    operationId: 'exchangeSsoLoginCode',
    method: 'POST',
    path: '/v1/sso/tokens',
    summary:
      'Exchange the one-time code a SAML login showed (single use, 5 minutes) for an API token of that account (`docsync login --sso`).',
    body: ExchangeSsoCodeBody,
    responses: { 201: SsoCodeToken },
    extension: true,
    anonymous: true,
  },
]);
