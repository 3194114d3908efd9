import type { CreateSpaceBody, Language } from '@docsync/api';
import { mergeRevisions, type RevisionContent } from '@docsync/core';
import { recordSpaceBlobs } from '../blobs/space-blobs.js';
import { advanceRevision } from '../content/advance-revision.js';
import { loadRevision } from '../content/load-revision.js';
import { spaceRevision } from '../content/space-revision.js';
import { spaceTarget } from '../content/space-target.js';
import type { JobHandler } from '../jobs/job-runner.js';
import type { ServerContext } from '../server-context.js';
import { createSpace } from '../spaces/create-space.js';
import type { Db } from '../storage/schema.js';
import { fromMangledMarkup, fromMarkup, toMarkup } from './block-markup.js';
import { readInstructions } from './glossary.js';
import { writeTranslationMemory, readTranslationMemory } from './translation-memory.js';
import { pageIds, translatedContent, untranslatedBlocks } from './translated-content.js';
import { RUN_TRANSLATION_JOB, type TranslationRow } from './translations.js';
import { plainText, wordCount, type DocumentNode } from './text-blocks.js';
import { TranslatorError, type Translator } from './translator.js';
import { readJson } from '../resources/json-column.js';

/** Why a run failed, as recorded on the translation. */
class RunFailure extends Error {
  override name = 'RunFailure';
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** The translations of blocks a run got, kept even when a later batch fails. */
type Translated = Map<string, DocumentNode>;

/**
 * Sends the blocks to the translator in batches, one after the other (the translator's own
 * limits pace them), into `done` as they come back.
 */
async function translateBlocks(
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
async function targetSpace(
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
async function recordFailure(
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
interface RunFigures {
  words: number;
  pages: ReadonlySet<string>;
  startedAt: number;
}

/** Writes the statistics and the result of a run that completed, in the run's transaction. */
async function recordSuccess(
  trx: Db,
  row: TranslationRow,
  result: { targetSpaceId: string; revisionId: string; sourceRevisionId: string },
  figures: RunFigures,
  now: string,
): Promise<void> {
  if (figures.pages.size > 0)
    for (const pages of chunk([...figures.pages], 200))
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

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

/**
 * The content to write: the new translation merged three ways with what people changed in the
 * translated space since (ours: its current content). The base is what the translation alone made
 * of the source the last run read, built again from the memory, which holds every block of that
 * source: a block whose source did not change comes out the same on both, so a person's edit of
 * it is kept; where the source changed and a person edited the same block, the person's edit is
 * kept too. Without a previous run (or a translated space made anew) there is nothing to merge.
 */
async function mergedWithEdits(
  ctx: ServerContext,
  previousSourceId: string | null,
  current: { content: RevisionContent },
  fresh: RevisionContent,
  translate: (content: RevisionContent) => RevisionContent,
): Promise<RevisionContent> {
  if (previousSourceId === null) return fresh;
  const previous = await loadRevision(ctx, previousSourceId, { documents: 'all' });
  if (previous === undefined) return fresh;
  return mergeRevisions(translate(previous.content), current.content, fresh).content;
}

/**
 * The job that runs a translation: marks it `running`; reads the source space's content with
 * every document; sends the text blocks the translation's memory has no translation of to the
 * translator; builds the translated content and writes it into the translated space (made on
 * the first run), merged with people's edits there; and in that write's transaction records the
 * memory, the statistics and `completed`. A translator that fails records the error on the
 * translation and keeps what it translated; the translated space is left as it was.
 */
export function runTranslationHandler(ctx: ServerContext, translator: Translator): JobHandler {
  return {
    kind: RUN_TRANSLATION_JOB,
    run: async (job) => {
      const { translationId } = job.payload as { translationId: string };
      const row = await ctx.db
        .selectFrom('translations')
        .selectAll()
        .where('id', '=', translationId)
        .executeTakeFirst();
      if (row === undefined) return;
      const startedAt = performance.now();
      await ctx.db
        .updateTable('translations')
        .set({ status: 'running' })
        .where('id', '=', row.id)
        .execute();
      const done: Translated = new Map();
      try {
        const space = await ctx.db
          .selectFrom('spaces')
          .select(['id', 'revision_id', 'created_at'])
          .where('id', '=', row.source_space_id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (space === undefined)
          throw new RunFailure(
            'source-gone',
            `The source space \`${row.source_space_id}\` was deleted`,
          );
        const source = await spaceRevision(ctx, space, { documents: 'all' });
        const memory = await readTranslationMemory(ctx.db, row.id);
        const missing = untranslatedBlocks(source.content, memory);
        try {
          await translateBlocks(translator, missing.blocks, row, job.signal, done);
        } catch (error) {
          if (job.signal.aborted || !(error instanceof TranslatorError)) throw error;
          throw new RunFailure('translator-failed', error.message);
        }
        const words = [...missing.blocks.values()].reduce(
          (sum, block) => sum + wordCount(plainText(block)),
          0,
        );
        const translations = new Map([...memory, ...done]);
        const target = await targetSpace(ctx, row);
        const targetSpaceId = target.id;
        const ids = {
          translationId: row.id,
          sourceSpaceId: row.source_space_id,
          targetSpaceId,
          sourcePages: pageIds(source.content.pages),
        };
        const now = () => ctx.clock.now().toISOString();
        const figures = { words, pages: missing.pages, startedAt };
        await advanceRevision(
          ctx,
          spaceTarget(targetSpaceId),
          async (current) => {
            const settle = async (trx: Db, revisionId: string) => {
              await writeTranslationMemory(trx, row.id, done, missing.used);
              await recordSuccess(
                trx,
                row,
                { targetSpaceId, revisionId, sourceRevisionId: source.id },
                figures,
                now(),
              );
            };
            // Nothing new in the source, nothing new to write: the run only records itself.
            if (
              row.source_revision_id === source.id &&
              current.id === row.result_revision_id &&
              done.size === 0
            ) {
              await ctx.db.transaction().execute((trx) => settle(trx, current.id));
              return { kind: 'keep' };
            }
            const fresh = translatedContent(source.content, translations, ids);
            const content = await mergedWithEdits(
              ctx,
              target.created ? null : row.source_revision_id,
              current,
              fresh,
              (previous) =>
                translatedContent(previous, memory, {
                  ...ids,
                  sourcePages: pageIds(previous.pages),
                }),
            );
            return {
              kind: 'write',
              revision: {
                type: 'edits',
                content,
                config: source.config,
              },
              store: async (trx, revisionId) => {
                await recordSpaceBlobs(
                  trx,
                  targetSpaceId,
                  source.content.files.flatMap((file) => file.git?.oid ?? []),
                );
                await settle(trx, revisionId);
              },
            };
          },
          { authorId: row.created_by, load: { documents: 'all' } },
        );
      } catch (error) {
        if (job.signal.aborted) throw error;
        const failure =
          error instanceof RunFailure
            ? error
            : new RunFailure('run-failed', error instanceof Error ? error.message : String(error));
        await recordFailure(ctx.db, row, failure, done, ctx.clock.now().toISOString());
        // Anything but a translator's or the source's failure is worth the job's own retry.
        if (!(error instanceof RunFailure)) throw error;
      }
    },
  };
}
