import type { CreateSpaceBody, Language } from '@docsync/api';
import { readJson } from '../resources/json-column.js';
import type { ServerContext } from '../server-context.js';
import { createSpace } from '../spaces/create-space.js';
import type { Db } from '../storage/schema.js';
import { fromMangledMarkup, fromMarkup, toMarkup } from './block-markup.js';
import { readInstructions } from './glossary.js';
import { chunks, writeTranslationMemory } from './translation-memory.js';
import type { TranslationRow } from './translations.js';
import type { DocumentNode } from './text-blocks.js';
import type { Translator } from './translator.js';

/** Why a run failed, as recorded on the translation. */
export class RunFailure extends Error {
  override name = 'RunFailure';
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** The translations of blocks a run got, kept even when a later batch fails. */
export type Translated = Map<string, DocumentNode>;

/**
 * Sends the blocks to the translator in batches, one after the other (the translator's own
 * limits pace them), into `done` as they come back.
 */
export async function translateBlocks(
  translator: Translator,
  blocks: ReadonlyMap<string, DocumentNode>,
  row: TranslationRow,
  signal: AbortSignal,
  done: Translated,
): Promise<void> {
  const instructions = readInstructions(
    row.instructions === null ? undefined : (readJson(row.instructions) as { nodes?: unknown }),
  );
  const items = [...blocks].map(([hash, block]) => ({
    hash,
    block,
    markup: toMarkup(block, instructions.glossary),
  }));
  for (let start = 0; start < items.length; start += translator.batchSize) {
    const batch = items.slice(start, start + translator.batchSize);
    const answers = await translator.translate({
      texts: batch.map((item) => item.markup.text),
      from: row.source_language as Language,
      to: row.language as Language,
      instructions: instructions.text,
      signal,
    });
    batch.forEach((item, index) => {
      const answer = answers[index] ?? '';
      done.set(
        item.hash,
        fromMarkup(item.block, item.markup, answer) ??
          fromMangledMarkup(item.block, item.markup, answer),
      );
    });
  }
}

/** The translated space: the recorded one while it exists, else a new one beside the source. */
export async function targetSpace(
  ctx: ServerContext,
  row: TranslationRow,
): Promise<{ id: string; created: boolean }> {
  if (row.target_space_id !== null) {
    const existing = await ctx.db
      .selectFrom('spaces')
      .select('id')
      .where('id', '=', row.target_space_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (existing !== undefined) return { id: existing.id, created: false };
  }
  const source = await ctx.db
    .selectFrom('spaces')
    .select(['title', 'parent_id'])
    .where('id', '=', row.source_space_id)
    .executeTakeFirstOrThrow();
  const id = await createSpace(ctx, {
    organizationId: row.organization_id,
    parentId: source.parent_id,
    body: {
      title: `${source.title} (${row.language})`,
      language: row.language as NonNullable<CreateSpaceBody['language']>,
    },
    authorId: row.created_by ?? '',
  });
  // Recorded at once, so a run that dies after this does not make another one.
  await ctx.db
    .updateTable('translations')
    .set({ target_space_id: id, result_revision_id: null })
    .where('id', '=', row.id)
    .execute();
  return { id, created: true };
}

/** Records a failed run: the error, and the translations it got (the next run reuses them). */
export async function recordFailure(
  db: Db,
  row: TranslationRow,
  failure: { code: string; message: string },
  done: Translated,
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeTranslationMemory(trx, row.id, done);
    await trx
      .updateTable('translations')
      .set({
        status: row.result_revision_id === null ? 'pending' : 'completed',
        last_error_code: failure.code,
        last_error_message: failure.message,
        last_error_at: now,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
  });
}

/** What a run translated, for the statistics. */
export interface RunFigures {
  words: number;
  pages: ReadonlySet<string>;
  startedAt: number;
}

/** Writes the statistics and the result of a run that completed, in the run's transaction. */
export async function recordSuccess(
  trx: Db,
  row: TranslationRow,
  result: { targetSpaceId: string; revisionId: string; sourceRevisionId: string },
  figures: RunFigures,
  now: string,
): Promise<void> {
  if (figures.pages.size > 0)
    for (const pages of chunks([...figures.pages]))
      await trx
        .insertInto('translation_pages')
        .values(pages.map((page_id) => ({ translation_id: row.id, page_id })))
        .onConflict((oc) => oc.columns(['translation_id', 'page_id']).doNothing())
        .execute();
  const totalPages = await trx
    .selectFrom('translation_pages')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('translation_id', '=', row.id)
    .executeTakeFirstOrThrow();
  const duration = Math.max(0, Math.round(performance.now() - figures.startedAt));
  await trx
    .updateTable('translations')
    .set((eb) => ({
      status: 'completed',
      target_space_id: result.targetSpaceId,
      result_revision_id: result.revisionId,
      source_revision_id: result.sourceRevisionId,
      runs: eb('runs', '+', 1),
      total_words: eb('total_words', '+', figures.words),
      total_pages: Number(totalPages.count),
      total_duration_ms: eb('total_duration_ms', '+', duration),
      latest_duration_ms: duration,
      latest_pages: figures.pages.size,
      latest_words: figures.words,
      last_error_code: null,
      last_error_message: null,
      last_error_at: null,
      updated_at: now,
    }))
    .where('id', '=', row.id)
    .execute();
}
