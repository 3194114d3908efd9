import { randomBytes } from 'node:crypto';
import type { PublishIntegrationBody } from '@docsync/api';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import type { Caller } from '../auth/api-tokens.js';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.js';
import { writeJson } from '../resources/json-column.js';
import type { ServerContext } from '../server-context.js';
import type { Db } from '../storage/schema.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { findIntegration } from './integration-access.js';
import type { IntegrationManifest, IntegrationRow } from './integration-resource.js';

/** The scopes an integration may ask for (the words of GitBook's `IntegrationScope`). */
export const INTEGRATION_SCOPES: ReadonlySet<string> = new Set([
  'space:content:read',
  'space:content:write',
  'space:metadata:read',
  'space:metadata:write',
  'space:git:sync',
  'page:feedback:read',
  'site:metadata:read',
  'site:views:read',
  'site:script:inject',
  'site:script:cookies',
  'site:visitor:auth',
  'site:adaptive:read',
  'site:adaptive:write',
  'openapi:read',
  'openapi:write',
  'conversations:ingest',
]);

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A policy given per directive, as the one header value it stands for. */
function policyText(policy: PublishIntegrationBody['contentSecurityPolicy']): string | undefined {
  if (policy === undefined || typeof policy === 'string') return policy;
  return Object.entries(policy)
    .map(([directive, value]) => `${directive} ${value}`)
    .join('; ');
}

/** The organization named by id, or by the host name it is served under (its "subdomain"). */
async function publishingOrganization(db: Db, caller: Caller, named: string): Promise<string> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', named), eb('hostname', '=', named)]))
    .executeTakeFirst();
  if (row === undefined) throw new NotFoundError('Organization');
  const access = await requireOrganization(db, caller, row.id);
  requireLevel(access.level, 'admin', 'publish integrations');
  return row.id;
}

/** 400 unless every scope is one GitBook names, and the endpoint (if any) is http(s). */
function checkPublish(body: PublishIntegrationBody): void {
  const unknown = (body.scopes ?? []).filter((scope) => !INTEGRATION_SCOPES.has(scope));
  if (unknown.length > 0)
    throw new BadRequestError(`body/scopes: unknown scope \`${unknown.join('`, `')}\``);
  if (body.endpoint !== undefined && !/^https?:\/\//i.test(body.endpoint))
    throw new BadRequestError('body/endpoint must be an http(s) URL');
}

/** The hosts whose links an integration's blocks unfurl. */
function blockDomains(blocks: PublishIntegrationBody['blocks']): string[] {
  const hosts = new Set<string>();
  for (const block of blocks ?? [])
    for (const pattern of block.urlUnfurl ?? []) {
      const host = /^(?:[a-z]+:\/\/)?([^/?#]+)/i.exec(pattern)?.[1];
      if (host !== undefined) hosts.add(host.toLowerCase());
    }
  return [...hosts];
}

/**
 * Publishes an integration under `name`, or its next version: the caller must be an admin of the
 * publishing organization, and a name another organization publishes is taken (409). The
 * signing secret is made at the first publish and kept across versions.
 */
export async function publishIntegration(
  ctx: ServerContext,
  caller: Caller,
  name: string,
  body: PublishIntegrationBody,
): Promise<IntegrationRow> {
  checkPublish(body);
  const organizationId = await publishingOrganization(ctx.db, caller, body.organization);
  const existing = await findIntegration(ctx.db, name);
  if (existing !== undefined && existing.organization_id !== organizationId)
    throw new ConflictError(`The integration name \`${name}\` is taken by another organization`);
  const now = ctx.clock.now().toISOString();
  const manifest: IntegrationManifest = {
    ...(body.summary === undefined ? {} : { summary: body.summary }),
    blocks: body.blocks ?? [],
    contentSources: body.contentSources ?? [],
    configurations: body.configurations ?? {},
    externalLinks: body.externalLinks ?? [],
    runtime: body.runtime ?? 'v1',
  };
  const policy = policyText(body.contentSecurityPolicy);
  if (policy !== undefined) manifest.contentSecurityPolicy = policy;
  const fields = {
    title: body.title,
    description: body.description ?? '',
    visibility: body.visibility ?? 'private',
    target: body.target ?? 'all',
    scopes: writeJson(body.scopes ?? []),
    categories: writeJson(body.categories ?? []),
    block_domains: writeJson(blockDomains(body.blocks)),
    blocks_count: body.blocks?.length ?? 0,
    content_sources_count: body.contentSources?.length ?? 0,
    manifest: writeJson(manifest),
    script: body.script,
    secrets: writeJson(body.secrets ?? {}),
    endpoint: body.endpoint ?? null,
    published_by: caller.userId,
    updated_at: now,
  };
  if (existing !== undefined) {
    await ctx.db
      .updateTable('integrations')
      .set((eb) => ({ ...fields, version: eb('version', '+', 1) }))
      .where('id', '=', existing.id)
      .execute();
  } else {
    try {
      await ctx.db
        .insertInto('integrations')
        .values({
          ...fields,
          id: ctx.ids(),
          name,
          organization_id: organizationId,
          version: 1,
          dev_all: false,
          signing_secret: newSigningSecret(),
          created_at: now,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(`The integration \`${name}\` was published meanwhile; try again`);
      throw error;
    }
  }
  const row = await findIntegration(ctx.db, name);
  if (row === undefined) throw new NotFoundError('Integration');
  return row;
}
