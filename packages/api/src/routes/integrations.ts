import { ListOf, PaginationQuery } from '../schemas/common.js';
import {
  Integration,
  IntegrationDevModeBody,
  ListIntegrationsQuery,
  IntegrationSigningSecret,
  PublishIntegrationBody,
} from '../schemas/integration.js';
import { IntegrationEvent, IntegrationEventTrace } from '../schemas/integration-event.js';
import {
  InstallIntegrationBody,
  IntegrationInstallation,
  IntegrationSiteInstallation,
  IntegrationSpaceInstallation,
  ListInstallationsQuery,
  ListTargetInstallationsQuery,
} from '../schemas/integration-installation.js';
import { defineRoutes } from './define-routes.js';

const integration = '/v1/integrations/{integrationName}';

/** Integrations: publishing, installations, events and development mode. */
export const integrationRoutes = defineRoutes('Integrations', [
  {
    operationId: 'listIntegrations',
    method: 'GET',
    path: '/v1/integrations',
    summary: 'List published integrations.',
    query: ListIntegrationsQuery,
    responses: { 200: ListOf(Integration) },
  },
  {
    operationId: 'getIntegrationByName',
    method: 'GET',
    path: integration,
    summary: 'Get an integration by name.',
    responses: { 200: Integration },
  },
  {
    operationId: 'publishIntegration',
    method: 'POST',
    path: integration,
    summary: 'Publish an integration, or a new version of it.',
    body: PublishIntegrationBody,
    responses: { 200: Integration },
  },
  {
    operationId: 'unpublishIntegration',
    method: 'DELETE',
    path: integration,
    summary: 'Unpublish an integration (succeeds when it does not exist).',
    responses: { 204: null },
  },
  {
    operationId: 'listIntegrationInstallations',
    method: 'GET',
    path: `${integration}/installations`,
    summary: 'List the installations of an integration.',
    query: ListInstallationsQuery,
    responses: { 200: ListOf(IntegrationInstallation) },
  },
  {
    operationId: 'installIntegration',
    method: 'POST',
    path: `${integration}/installations`,
    summary: 'Install an integration on an organization.',
    body: InstallIntegrationBody,
    responses: { 201: IntegrationInstallation },
    errors: [409],
  },
  {
    operationId: 'listIntegrationEvents',
    method: 'GET',
    path: `${integration}/events`,
    summary: 'List the events delivered to an integration.',
    query: PaginationQuery,
    responses: { 200: ListOf(IntegrationEvent) },
  },
  {
    operationId: 'getIntegrationEvent',
    method: 'GET',
    path: `${integration}/events/{eventId}`,
    summary: 'Get an event with the log of its handling.',
    responses: { 200: IntegrationEventTrace },
  },
  {
    operationId: 'listIntegrationSpaceInstallations',
    method: 'GET',
    path: `${integration}/spaces`,
    summary: 'List the spaces an integration is installed on.',
    query: ListTargetInstallationsQuery,
    responses: { 200: ListOf(IntegrationSpaceInstallation) },
  },
  {
    operationId: 'listIntegrationSiteInstallations',
    method: 'GET',
    path: `${integration}/sites`,
    summary: 'List the sites an integration is installed on.',
    query: ListTargetInstallationsQuery,
    responses: { 200: ListOf(IntegrationSiteInstallation) },
  },
  {
    operationId: 'setIntegrationDevMode',
    method: 'PUT',
    path: `${integration}/dev`,
    summary: "Dispatch an integration's events to a development tunnel.",
    body: IntegrationDevModeBody,
    responses: { 204: null },
  },
  {
    operationId: 'disableIntegrationDevMode',
    method: 'DELETE',
    path: `${integration}/dev`,
    summary: 'Stop dispatching events to the development tunnel (GitBook’s CLI calls it on exit).',
    responses: { 204: null },
    extension: true,
  },
  {
    operationId: 'getIntegrationSigningSecret',
    method: 'GET',
    path: `${integration}/signing-secret`,
    summary: "The secret the integration's event deliveries are signed with (its owners only).",
    responses: { 200: IntegrationSigningSecret },
    extension: true,
  },
]);
