import type { CreateTranslationBody, Language, PaginationQuery } from '@docsync/api';
import type { Selectable } from 'kysely';
import type { Clock } from '../clock.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { listByKeys, type CountedPage } from '../pagination.js';
import { writeJson } from '../resources/json-column.js';
import type { Db, TranslationsTable } from '../storage/schema.js';
import { isUniqueViolation } from '../storage/unique-violation.js';

/** A stored translation. */
export type TranslationRow = Selectable<TranslationsTable>;

/** The job kind that runs a translation. */
export const RUN_TRANSLATION_JOB = 'translation:run';

/** The key of a translation's next run: one waits at a time (runs asked meanwhile join it). */
export function runTranslationJobKey(translationId: string): string {
  return `translation:${translationId}`;
}

/** What writing translations needs besides the database. */
export interface TranslationContext {
  clock: Clock;
  ids: IdGenerator;
}

/** A translation of the organization, or undefined. */
export async function findTranslation(
  db: Db,
  organizationId: string,
  id: string,
): Promise<TranslationRow | undefined> {
  return db
    .selectFrom('translations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A translation of the organization; 404 otherwise. */
export async function requireTranslation(
  db: Db,
  organizationId: string,
  id: string,
): Promise<TranslationRow> {
  const row = await findTranslation(db, organizationId, id);
  if (row === undefined) throw new NotFoundError('Translation');
  return row;
}

/** One page of an organization's translations, oldest first. */
export async function listTranslations(
  db: Db,
  organizationId: string,
  query: PaginationQuery,
): Promise<CountedPage<TranslationRow>> {
  const matching = db
    .selectFrom('translations')
    .where('translations.organization_id', '=', organizationId);
  return listByKeys(query, matching, (q) => q.selectAll('translations'), {
    columns: ['translations.created_at', 'translations.id'],
    keyOf: (row) => [row.created_at, row.id],
  });
}

/**
 * Queues a run of the translation and marks it `pending` unless one is running (that one then
 * finishes first and this one follows). Pass the transaction of the write that asks for it.
 */
export async function queueRun(
  trx: Db,
  translationId: string,
  options: TranslationContext,
): Promise<void> {
  await trx
    .updateTable('translations')
    .set({ status: 'pending' })
    .where('id', '=', translationId)
    .where('status', '=', 'completed')
    .execute();
  await enqueueJob(
    trx,
    {
      kind: RUN_TRANSLATION_JOB,
      key: runTranslationJobKey(translationId),
      payload: { translationId },
      // A failing translator is retried inside the run; a run that fails is recorded, not redone.
      maxAttempts: 3,
    },
    options,
  );
}

/**
 * Stores a translation of a space into a language and queues its first run, which makes the
 * translated space. 409 when the space already has a translation into that language.
 */
export async function createTranslation(
  db: Db,
  request: {
    organizationId: string;
    body: CreateTranslationBody;
    sourceLanguage: Language;
    authorId: string;
  },
  options: TranslationContext,
): Promise<TranslationRow> {
  const { body } = request;
  const id = options.ids();
  const now = options.clock.now().toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('translations')
        .values({
          id,
          organization_id: request.organizationId,
          source_space_id: body.source.space,
          source_language: request.sourceLanguage,
          language: body.language,
          instructions: body.instructions === undefined ? null : writeJson(body.instructions),
          auto_run: body.autoRun ?? false,
          status: 'pending',
          target_space_id: null,
          result_revision_id: null,
          source_revision_id: null,
          created_by: request.authorId,
          last_error_code: null,
          last_error_message: null,
          last_error_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await queueRun(trx, id, options);
      return trx
        .selectFrom('translations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ConflictError(
      `The space \`${body.source.space}\` has a translation into \`${body.language}\` already`,
    );
  }
}

/** Replaces a translation's instructions (and `autoRun` when given). */
export async function updateTranslation(
  db: Db,
  row: TranslationRow,
  body: { instructions: unknown; autoRun?: boolean | undefined },
  clock: Clock,
): Promise<void> {
  await db
    .updateTable('translations')
    .set({
      instructions: writeJson(body.instructions),
      ...(body.autoRun === undefined ? {} : { auto_run: body.autoRun }),
      updated_at: clock.now().toISOString(),
    })
    .where('id', '=', row.id)
    .execute();
}

/** Asks for a run: queued, and marked `pending` unless one is running. */
export async function requestRun(
  db: Db,
  row: TranslationRow,
  options: TranslationContext,
): Promise<void> {
  await db.transaction().execute((trx) => queueRun(trx, row.id, options));
}

/**
 * Queues a run of every translation of the space that runs after merges: called in the
 * transaction of a merge into the space's main content.
 */
export async function queueRunsAfterMerge(
  trx: Db,
  spaceId: string,
  options: TranslationContext,
): Promise<void> {
  const rows = await trx
    .selectFrom('translations')
    .select('id')
    .where('source_space_id', '=', spaceId)
    .where('auto_run', '=', true)
    .execute();
  for (const row of rows) await queueRun(trx, row.id, options);
}

/**
 * Removes a translation, its memory and its queued run. The translated space stays: it is a
 * space like any other, which people may have edited. Nothing when there is none.
 */
export async function deleteTranslation(db: Db, organizationId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findTranslation(trx, organizationId, id);
    if (row === undefined) return;
    await trx
      .deleteFrom('jobs')
      .where('key', '=', runTranslationJobKey(row.id))
      .where('state', '=', 'queued')
      .execute();
    await trx.deleteFrom('translations').where('id', '=', row.id).execute();
  });
}
