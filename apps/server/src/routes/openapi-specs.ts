import {
  CreateOpenAPISpecBody,
  ListOf,
  OpenAPISpec,
  OpenAPISpecVersion,
  OpenAPISpecVersionContent,
  PaginationQuery,
  PutOpenAPISpecBody,
  UpdateOpenAPISpecBody,
} from '@docsync/api';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import { operation, type Call, type Operation } from '../http/operation.js';
import {
  openApiSpecResource,
  openApiSpecVersionContent,
  openApiSpecVersionResource,
} from '../openapi-specs/openapi-spec-resource.js';
import {
  deleteSpec,
  listSpecs,
  publishSpec,
  requireSpec,
  updateSpecVisibility,
} from '../openapi-specs/openapi-specs.js';
import {
  listSpecVersions,
  readSpecVersionContent,
  requireSpecVersion,
} from '../openapi-specs/spec-versions.js';

type SpecCall = Call<'organizationId' | 'specSlug', unknown, unknown>;

/** The caller's access and the spec, for reading: any member with a role (404 otherwise). */
async function readableSpec({ params, caller, ctx }: SpecCall) {
  const access = await requireOrganization(ctx.db, caller, params.organizationId);
  requireLevel(access.level, 'read', 'see OpenAPI specs');
  const spec = await requireSpec(ctx.db, params.organizationId, params.specSlug);
  return { access, spec };
}

/**
 * OpenAPI specs of an organization and their versions. Members with a role read them; members
 * who may create content (`create`, `admin`: the organization's `createOpenAPISpec`) publish,
 * change and delete them (403 for others, 404 for an organization the caller is not in).
 * Publishing stores the source and queues its processing: the answer says `pending`, and the
 * job runner fetches, validates and versions it.
 */
export const openApiSpecOperations: readonly Operation[] = [
  operation(
    'listOpenAPISpecs',
    { params: ['organizationId'], query: PaginationQuery, response: ListOf(OpenAPISpec) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'read', 'see OpenAPI specs');
      const page = await listSpecs(ctx.db, params.organizationId, query);
      return {
        items: page.rows.map((row) => openApiSpecResource(row, access.level, baseUrl)),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'createOpenAPISpec',
    { params: ['organizationId'], body: CreateOpenAPISpecBody, response: OpenAPISpec },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'create', 'publish OpenAPI specs');
      const { row } = await publishSpec(ctx.db, params.organizationId, body.slug, body.source, {
        ...ctx,
        replace: false,
      });
      ctx.jobs.wake();
      return openApiSpecResource(row, access.level, baseUrl);
    },
  ),

  operation(
    'getOpenAPISpecBySlug',
    { params: ['organizationId', 'specSlug'], response: OpenAPISpec },
    async (call) => {
      const { access, spec } = await readableSpec(call);
      return openApiSpecResource(spec, access.level, call.baseUrl);
    },
  ),

  operation(
    'createOrUpdateOpenAPISpecBySlug',
    { params: ['organizationId', 'specSlug'], body: PutOpenAPISpecBody, response: OpenAPISpec },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'create', 'publish OpenAPI specs');
      const { row } = await publishSpec(
        ctx.db,
        params.organizationId,
        params.specSlug,
        body.source,
        { ...ctx, replace: true },
      );
      ctx.jobs.wake();
      return openApiSpecResource(row, access.level, baseUrl);
    },
  ),

  operation(
    'deleteOpenAPISpecBySlug',
    { params: ['organizationId', 'specSlug'], response: null },
    async ({ params, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'create', 'delete OpenAPI specs');
      // Deleting one that does not exist succeeds and changes nothing.
      await deleteSpec(ctx.db, params.organizationId, params.specSlug);
      return undefined;
    },
  ),

  operation(
    'updateOpenAPISpecBySlug',
    { params: ['organizationId', 'specSlug'], body: UpdateOpenAPISpecBody, response: OpenAPISpec },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'create', 'change OpenAPI specs');
      const spec = await requireSpec(ctx.db, params.organizationId, params.specSlug);
      await updateSpecVisibility(ctx.db, spec, body.visibility, ctx.clock);
      const row = await requireSpec(ctx.db, params.organizationId, params.specSlug);
      return openApiSpecResource(row, access.level, baseUrl);
    },
  ),

  operation(
    'listOpenAPISpecVersions',
    {
      params: ['organizationId', 'specSlug'],
      query: PaginationQuery,
      response: ListOf(OpenAPISpecVersion),
    },
    async (call) => {
      const { spec } = await readableSpec(call);
      const page = await listSpecVersions(call.ctx.db, spec.id, call.query);
      return {
        items: page.rows.map((row) => openApiSpecVersionResource(spec, row, call.baseUrl)),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'getLatestOpenAPISpecVersion',
    { params: ['organizationId', 'specSlug'], response: OpenAPISpecVersion },
    async (call) => {
      const { spec } = await readableSpec(call);
      const version = await requireSpecVersion(call.ctx.db, spec.id, 'latest');
      return openApiSpecVersionResource(spec, version, call.baseUrl);
    },
  ),

  operation(
    'getLatestOpenAPISpecVersionContent',
    { params: ['organizationId', 'specSlug'], response: OpenAPISpecVersionContent },
    async (call) => {
      const { spec } = await readableSpec(call);
      const version = await requireSpecVersion(call.ctx.db, spec.id, 'latest');
      const document = await readSpecVersionContent(call.ctx.db, version);
      return openApiSpecVersionContent(spec, version, document, call.baseUrl);
    },
  ),

  operation(
    'getOpenAPISpecVersionById',
    { params: ['organizationId', 'specSlug', 'versionId'], response: OpenAPISpecVersion },
    async (call) => {
      const { spec } = await readableSpec(call);
      const version = await requireSpecVersion(call.ctx.db, spec.id, call.params.versionId);
      return openApiSpecVersionResource(spec, version, call.baseUrl);
    },
  ),

  operation(
    'getOpenAPISpecVersionContentById',
    { params: ['organizationId', 'specSlug', 'versionId'], response: OpenAPISpecVersionContent },
    async (call) => {
      const { spec } = await readableSpec(call);
      const version = await requireSpecVersion(call.ctx.db, spec.id, call.params.versionId);
      const document = await readSpecVersionContent(call.ctx.db, version);
      return openApiSpecVersionContent(spec, version, document, call.baseUrl);
    },
  ),
];
