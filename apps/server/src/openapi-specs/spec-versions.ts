import type { PaginationQuery } from '@docsync/api';
import type { Selectable } from 'kysely';
import { NotFoundError } from '../errors.js';
import { listByKeys, type CountedPage } from '../pagination.js';
import type { Db, OpenApiSpecVersionsTable } from '../storage/schema.js';

/** A stored version without its content. */
export type SpecVersionRow = Omit<Selectable<OpenApiSpecVersionsTable>, 'content' | 'content_hash'>;

const listed = ['id', 'spec_id', 'number', 'url', 'file_name', 'created_at'] as const;

/** One page of a spec's versions, newest first. */
export async function listSpecVersions(
  db: Db,
  specId: string,
  query: PaginationQuery,
): Promise<CountedPage<SpecVersionRow>> {
  const matching = db
    .selectFrom('openapi_spec_versions')
    .where('openapi_spec_versions.spec_id', '=', specId);
  return listByKeys(query, matching, (q) => q.select(listed), {
    columns: ['openapi_spec_versions.number'],
    keyOf: (row) => [row.number],
    descending: true,
  });
}

/**
 * A version of the spec by id, or its latest with `latest`; 404 "OpenAPI spec version not
 * found" when there is none (a spec not processed yet has no latest).
 */
export async function requireSpecVersion(
  db: Db,
  specId: string,
  versionId: string,
): Promise<SpecVersionRow> {
  let query = db.selectFrom('openapi_spec_versions').select(listed).where('spec_id', '=', specId);
  query =
    versionId === 'latest'
      ? query.orderBy('number', 'desc').limit(1)
      : query.where('id', '=', versionId);
  const row = await query.executeTakeFirst();
  if (row === undefined) throw new NotFoundError('OpenAPI spec version');
  return row;
}

/** The bundled document of a version. */
export async function readSpecVersionContent(db: Db, version: SpecVersionRow): Promise<unknown> {
  const row = await db
    .selectFrom('openapi_spec_versions')
    .select('content')
    .where('id', '=', version.id)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.content) as unknown;
}
