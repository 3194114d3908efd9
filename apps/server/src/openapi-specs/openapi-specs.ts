import type { OpenAPISpecSource, PaginationQuery, UpdateOpenAPISpecBody } from '@docsync/api';
import type { Selectable } from 'kysely';
import type { Clock } from '../clock.js';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { listByKeys, type CountedPage } from '../pagination.js';
import type { Db, OpenApiSpecsTable } from '../storage/schema.js';
import { isUniqueViolation } from '../storage/unique-violation.js';

/** A stored OpenAPI spec. */
export type OpenApiSpecRow = Selectable<OpenApiSpecsTable>;

/** The job kind that fetches, parses, validates and versions a spec. */
export const PROCESS_SPEC_JOB = 'openapi-spec:process';

/** The key of a spec's next processing: one waits at a time. */
export function processSpecJobKey(specId: string): string {
  return `openapi-spec:${specId}`;
}

/** What publishing needs besides the database. */
export interface PublishContext {
  clock: Clock;
  ids: IdGenerator;
}

/** A spec of the organization by slug, or undefined. */
export async function findSpec(
  db: Db,
  organizationId: string,
  slug: string,
): Promise<OpenApiSpecRow | undefined> {
  return db
    .selectFrom('openapi_specs')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** A spec of the organization by slug; 404 "OpenAPI spec not found" otherwise. */
export async function requireSpec(
  db: Db,
  organizationId: string,
  slug: string,
): Promise<OpenApiSpecRow> {
  const row = await findSpec(db, organizationId, slug);
  if (row === undefined) throw new NotFoundError('OpenAPI spec');
  return row;
}

/** One page of an organization's specs, oldest first. */
export async function listSpecs(
  db: Db,
  organizationId: string,
  query: PaginationQuery,
): Promise<CountedPage<OpenApiSpecRow>> {
  const matching = db
    .selectFrom('openapi_specs')
    .where('openapi_specs.organization_id', '=', organizationId);
  return listByKeys(query, matching, (q) => q.selectAll('openapi_specs'), {
    columns: ['openapi_specs.created_at', 'openapi_specs.id'],
    keyOf: (row) => [row.created_at, row.id],
  });
}

/** The source's columns; 400 for a URL that is not http(s), or a source giving both. */
function sourceColumns(source: OpenAPISpecSource): {
  source_url: string | null;
  source_text: string | null;
} {
  if ('url' in source && 'text' in source)
    throw new BadRequestError('body/source must have `url` or `text`, not both');
  if ('url' in source) {
    let protocol: string | undefined;
    try {
      protocol = new URL(source.url).protocol;
    } catch {
      protocol = undefined;
    }
    if (protocol !== 'http:' && protocol !== 'https:')
      throw new BadRequestError(`body/source/url \`${source.url}\` must be an http(s) URL`);
    return { source_url: source.url, source_text: null };
  }
  if (source.text.trim() === '') throw new BadRequestError('body/source/text must not be empty');
  return { source_url: null, source_text: source.text };
}

/**
 * Stores a spec's source (a new spec, or a new source for an existing one when `replace`) and
 * queues its processing, in one transaction; the spec and whether it was created. Publishing
 * the same URL again processes it again (a refresh). 409 when the slug is taken and not `replace`.
 */
export async function publishSpec(
  db: Db,
  organizationId: string,
  slug: string,
  source: OpenAPISpecSource,
  options: PublishContext & { replace: boolean },
): Promise<{ row: OpenApiSpecRow; created: boolean }> {
  const columns = sourceColumns(source);
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const now = options.clock.now().toISOString();
      const existing = await findSpec(trx, organizationId, slug);
      let id: string;
      if (existing === undefined) {
        id = options.ids();
        await trx
          .insertInto('openapi_specs')
          .values({
            id,
            organization_id: organizationId,
            slug,
            ...columns,
            processing_state: 'pending',
            created_at: now,
            updated_at: now,
          })
          .execute();
      } else {
        if (!options.replace)
          throw new ConflictError(`An OpenAPI spec with the slug \`${slug}\` exists already`);
        id = existing.id;
        await trx
          .updateTable('openapi_specs')
          .set((eb) => ({
            ...columns,
            source_serial: eb('source_serial', '+', 1),
            processing_state: 'pending',
            updated_at: now,
          }))
          .where('id', '=', id)
          .execute();
      }
      await enqueueJob(
        trx,
        { kind: PROCESS_SPEC_JOB, key: processSpecJobKey(id), payload: { specId: id } },
        options,
      );
      const row = await trx
        .selectFrom('openapi_specs')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { row, created: existing === undefined };
    });
  try {
    return await attempt();
  } catch (error) {
    // Two publishes of a new slug at once: the second finds the first's spec on a second try.
    if (!isUniqueViolation(error)) throw error;
    if (!options.replace)
      throw new ConflictError(`An OpenAPI spec with the slug \`${slug}\` exists already`);
    return attempt();
  }
}

/** Sets a spec's visibility. */
export async function updateSpecVisibility(
  db: Db,
  row: OpenApiSpecRow,
  visibility: UpdateOpenAPISpecBody['visibility'],
  clock: Clock,
): Promise<void> {
  await db
    .updateTable('openapi_specs')
    .set({ visibility, updated_at: clock.now().toISOString() })
    .where('id', '=', row.id)
    .execute();
}

/** Removes a spec, its versions and its queued processing. Nothing when there is none. */
export async function deleteSpec(db: Db, organizationId: string, slug: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findSpec(trx, organizationId, slug);
    if (row === undefined) return;
    await trx
      .deleteFrom('jobs')
      .where('key', '=', processSpecJobKey(row.id))
      .where('state', '=', 'queued')
      .execute();
    await trx.deleteFrom('openapi_specs').where('id', '=', row.id).execute();
  });
}
