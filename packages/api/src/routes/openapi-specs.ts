import { ListOf, PaginationQuery } from '../schemas/common.js';
import {
  CreateOpenAPISpecBody,
  OpenAPISpec,
  OpenAPISpecVersion,
  OpenAPISpecVersionContent,
  PutOpenAPISpecBody,
  UpdateOpenAPISpecBody,
} from '../schemas/openapi-spec.js';
import { defineRoutes } from './define-routes.js';

const specs = '/v1/orgs/{organizationId}/openapi';
const spec = `${specs}/{specSlug}`;

/** OpenAPI specs stored in an organization, and their versions. */
export const openApiSpecRoutes = defineRoutes('OpenAPI specs', [
  {
    operationId: 'listOpenAPISpecs',
    method: 'GET',
    path: specs,
    summary: 'List the OpenAPI specs of an organization.',
    query: PaginationQuery,
    responses: { 200: ListOf(OpenAPISpec) },
  },
  {
    operationId: 'createOpenAPISpec',
    method: 'POST',
    path: specs,
    summary: 'Store a new OpenAPI spec under a slug.',
    body: CreateOpenAPISpecBody,
    responses: { 201: OpenAPISpec },
    errors: [409],
  },
  {
    operationId: 'getOpenAPISpecBySlug',
    method: 'GET',
    path: spec,
    summary: 'Get an OpenAPI spec.',
    responses: { 200: OpenAPISpec },
  },
  {
    operationId: 'createOrUpdateOpenAPISpecBySlug',
    method: 'PUT',
    path: spec,
    summary: 'Create an OpenAPI spec, or store a new version of it.',
    body: PutOpenAPISpecBody,
    responses: { 200: OpenAPISpec },
  },
  {
    operationId: 'deleteOpenAPISpecBySlug',
    method: 'DELETE',
    path: spec,
    summary: 'Delete an OpenAPI spec (succeeds when it does not exist).',
    responses: { 204: null },
  },
  {
    operationId: 'updateOpenAPISpecBySlug',
    method: 'PATCH',
    path: spec,
    summary: "Change an OpenAPI spec's visibility.",
    body: UpdateOpenAPISpecBody,
    responses: { 200: OpenAPISpec },
  },
  {
    operationId: 'listOpenAPISpecVersions',
    method: 'GET',
    path: `${spec}/versions`,
    summary: 'List the versions of an OpenAPI spec.',
    query: PaginationQuery,
    responses: { 200: ListOf(OpenAPISpecVersion) },
  },
  {
    operationId: 'getLatestOpenAPISpecVersion',
    method: 'GET',
    path: `${spec}/versions/latest`,
    summary: 'Get the latest version of an OpenAPI spec.',
    responses: { 200: OpenAPISpecVersion },
  },
  {
    operationId: 'getLatestOpenAPISpecVersionContent',
    method: 'GET',
    path: `${spec}/versions/latest/content`,
    summary: 'Get the content of the latest version of an OpenAPI spec.',
    responses: { 200: OpenAPISpecVersionContent },
  },
  {
    operationId: 'getOpenAPISpecVersionById',
    method: 'GET',
    path: `${spec}/versions/{versionId}`,
    summary: 'Get a version of an OpenAPI spec.',
    responses: { 200: OpenAPISpecVersion },
  },
  {
    operationId: 'getOpenAPISpecVersionContentById',
    method: 'GET',
    path: `${spec}/versions/{versionId}/content`,
    summary: 'Get the content of a version of an OpenAPI spec.',
    responses: { 200: OpenAPISpecVersionContent },
  },
]);
