import { recordSpaceBlobs } from '../blobs/space-blobs.js';
import { advanceRevision } from '../content/advance-revision.js';
import { spaceTarget } from '../content/space-target.js';
import type { JobHandler, RunningJob } from '../jobs/job-runner.js';
import type { ServerContext } from '../server-context.js';
import type { Db } from '../storage/schema.js';
import { pagesPlan, wholePlan, type RunPlan } from './run-plans.js';
import {
  recordFailure,
  recordSuccess,
  RunFailure,
  targetSpace,
  translateBlocks,
  type Translated,
} from './run-steps.js';
import { readTranslationMemory, writeTranslationMemory } from './translation-memory.js';
import { untranslatedBlocks } from './translated-content.js';
import { RUN_TRANSLATION_JOB, type TranslationRow } from './translations.js';
import { plainText, wordCount, type DocumentNode } from './text-blocks.js';
import { TranslatorError, type Translator } from './translator.js';

/** What a run did so far, across the plans it tried. */
interface RunState {
  job: RunningJob;
  /** Translations the translator gave this run, by source block hash. */
  done: Translated;
  /** The blocks sent, and the source pages they are on (for the statistics). */
  sent: Map<string, DocumentNode>;
  pages: Set<string>;
  startedAt: number;
}

/** A run of pages found the translated space without a page it would update: run whole. */
class PlanMismatch extends Error {
  override name = 'PlanMismatch';
}

/**
 * Runs a plan: sends the text blocks of its documents that the memory has no translation of to
 * the translator (into `done` as they come), then writes the translated revision into the
 * translated space (made on the first run) and, in that write's transaction, the memory, the
 * statistics and `completed`. A run with nothing new to write only records itself.
 */
async function execute(
  ctx: ServerContext,
  translator: Translator,
  row: TranslationRow,
  plan: RunPlan,
  run: RunState,
): Promise<void> {
  const memory = await readTranslationMemory(ctx.db, row.id, plan.memoryHashes);
  // What an earlier plan of this run translated is not sent again.
  const known = new Map([...memory, ...run.done]);
  const missing = untranslatedBlocks(plan.documents, known);
  for (const page of missing.pages) run.pages.add(page);
  for (const [hash, block] of missing.blocks) run.sent.set(hash, block);
  try {
    await translateBlocks(translator, missing.blocks, row, run.job.signal, run.done);
  } catch (error) {
    if (run.job.signal.aborted || !(error instanceof TranslatorError)) throw error;
    throw new RunFailure('translator-failed', error.message);
  }
  const words = [...run.sent.values()].reduce((sum, block) => sum + wordCount(plainText(block)), 0);
  const translations = new Map([...known, ...run.done]);
  const target = await targetSpace(ctx, row);
  if (target.created && !plan.whole) throw new PlanMismatch();
  const ids = {
    translationId: row.id,
    sourceSpaceId: row.source_space_id,
    targetSpaceId: target.id,
    sourcePages: plan.sourcePages,
  };
  const figures = { words, pages: run.pages, startedAt: run.startedAt };
  const settle = async (trx: Db, revisionId: string) => {
    await writeTranslationMemory(trx, row.id, run.done, plan.whole ? missing.used : undefined);
    await recordSuccess(
      trx,
      row,
      { targetSpaceId: target.id, revisionId, sourceRevisionId: plan.sourceRevisionId },
      figures,
      ctx.clock.now().toISOString(),
    );
  };
  await advanceRevision(
    ctx,
    spaceTarget(target.id),
    async (current) => {
      // Nothing new in the source, nothing new to write.
      if (
        row.source_revision_id === plan.sourceRevisionId &&
        current.id === row.result_revision_id &&
        run.done.size === 0
      ) {
        await ctx.db.transaction().execute((trx) => settle(trx, current.id));
        return { kind: 'keep' };
      }
      const built = await plan.build(current, translations, memory, ids, target.created);
      if (built === undefined) throw new PlanMismatch();
      return {
        kind: 'write',
        revision: { type: 'edits', ...built },
        store: async (trx, revisionId) => {
          await recordSpaceBlobs(
            trx,
            target.id,
            plan.files.flatMap((file) => file.git?.oid ?? []),
          );
          await settle(trx, revisionId);
        },
      };
    },
    { authorId: row.created_by, load: plan.load },
  );
}

/**
 * The job that runs a translation: marks it `running`, reads the source space, and runs the plan
 * that fits (see `run-plans.ts`): only the pages whose documents changed since the last run when
 * nothing else changed, else the whole source. A translator that fails records the error on the
 * translation and keeps what it translated (the next run does not send it again); the translated
 * space is left as it was.
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
      const run: RunState = {
        job,
        done: new Map(),
        sent: new Map(),
        pages: new Set(),
        startedAt: performance.now(),
      };
      await ctx.db
        .updateTable('translations')
        .set({ status: 'running' })
        .where('id', '=', row.id)
        .execute();
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
        const previous = row.result_revision_id === null ? null : row.source_revision_id;
        const pages = previous === null ? undefined : await pagesPlan(ctx, row, space, previous);
        try {
          await execute(
            ctx,
            translator,
            row,
            pages ?? (await wholePlan(ctx, row, space, previous)),
            run,
          );
        } catch (error) {
          if (!(error instanceof PlanMismatch)) throw error;
          await execute(ctx, translator, row, await wholePlan(ctx, row, space, previous), run);
        }
      } catch (error) {
        if (job.signal.aborted) throw error;
        const failure =
          error instanceof RunFailure
            ? error
            : new RunFailure('run-failed', error instanceof Error ? error.message : String(error));
        await recordFailure(ctx.db, row, failure, run.done, ctx.clock.now().toISOString());
        // Anything but a translator's or the source's failure is worth the job's own retry.
        if (!(error instanceof RunFailure)) throw error;
      }
    },
  };
}
