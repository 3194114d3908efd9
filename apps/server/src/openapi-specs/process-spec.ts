import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import type { JobHandler } from '../jobs/job-runner.js';
import type { FetchLimits } from '../outbound/fetch-url.js';
import { dialectOf } from '../storage/dialect-of.js';
import type { Db } from '../storage/schema.js';
import { loadSpec, SpecLoadError, type LoadedSpec } from './load-spec.js';
import { PROCESS_SPEC_JOB, processSpecJobKey } from './openapi-specs.js';

/** How often a spec with a URL source is fetched again unless told otherwise: 6 hours. */
export const DEFAULT_REFRESH_MS = 6 * 60 * 60 * 1000;

/** What processing specs runs with. */
export interface ProcessSpecOptions {
  clock: Clock;
  ids: IdGenerator;
  /** The guard and limits of fetching sources and their references. */
  fetch: FetchLimits;
  /** When a URL source is fetched again after each processing. */
  refreshMs: number;
}

/** The name of a version's one file: the source URL's last segment, or `openapi.json`. */
function fileNameOf(url: string): string {
  if (url === '') return 'openapi.json';
  const last = new URL(url).pathname
    .split('/')
    .filter((part) => part !== '')
    .at(-1);
  return last === undefined ? 'openapi.json' : decodeURIComponent(last);
}

/**
 * The job that processes a spec: marks it `progress`, fetches (a URL source), parses, bundles
 * and validates it, then, in the transaction that finishes the job, records a version when the
 * bundled content differs from the latest one's, or the error; marks it `complete` unless it
 * was published again meanwhile (that publish queued its own processing); and for a URL source
 * queues the next refresh.
 */
export function processSpecHandler(db: Db, options: ProcessSpecOptions): JobHandler {
  return {
    kind: PROCESS_SPEC_JOB,
    run: async (job) => {
      const { specId } = job.payload as { specId: string };
      const spec = await db
        .selectFrom('openapi_specs')
        .selectAll()
        .where('id', '=', specId)
        .executeTakeFirst();
      if (spec === undefined) return;
      await db
        .updateTable('openapi_specs')
        .set({ processing_state: 'progress' })
        .where('id', '=', specId)
        .where('source_serial', '=', spec.source_serial)
        .execute();
      let loaded: LoadedSpec | undefined;
      let failure: SpecLoadError | undefined;
      try {
        loaded = await loadSpec(
          spec.source_url === null ? { text: spec.source_text ?? '' } : { url: spec.source_url },
          options.fetch,
          job.signal,
        );
      } catch (error) {
        if (!(error instanceof SpecLoadError)) throw error;
        failure = error;
      }
      await job.finish(async (trx) => {
        let current = trx.selectFrom('openapi_specs').selectAll().where('id', '=', specId);
        if (dialectOf(trx) === 'postgres') current = current.forUpdate();
        const now = options.clock.now();
        const row = await current.executeTakeFirst();
        // Deleted, or published again: what was read is no longer the spec's source.
        if (row === undefined || row.source_serial !== spec.source_serial) return;
        let lastVersion = row.last_version_id;
        let updatedAt = row.updated_at;
        if (loaded !== undefined) {
          const content = JSON.stringify(loaded.document);
          const hash = createHash('sha256').update(content).digest('hex');
          const latest = await trx
            .selectFrom('openapi_spec_versions')
            .select(['number', 'content_hash'])
            .where('spec_id', '=', specId)
            .orderBy('number', 'desc')
            .limit(1)
            .executeTakeFirst();
          if (latest?.content_hash !== hash) {
            lastVersion = options.ids();
            updatedAt = now.toISOString();
            await trx
              .insertInto('openapi_spec_versions')
              .values({
                id: lastVersion,
                spec_id: specId,
                number: (latest?.number ?? 0) + 1,
                url: loaded.url,
                file_name: fileNameOf(loaded.url),
                content,
                content_hash: hash,
                created_at: now.toISOString(),
              })
              .execute();
          }
        }
        await trx
          .updateTable('openapi_specs')
          .set({
            processing_state: 'complete',
            last_version_id: lastVersion,
            updated_at: updatedAt,
            last_processed_at: now.toISOString(),
            last_error_code: failure?.code ?? null,
            last_errors: failure === undefined ? null : JSON.stringify(failure.problems),
          })
          .where('id', '=', specId)
          .execute();
        if (row.source_url !== null)
          await enqueueJob(
            trx,
            {
              kind: PROCESS_SPEC_JOB,
              key: processSpecJobKey(specId),
              payload: { specId },
              runAfter: new Date(now.getTime() + options.refreshMs),
            },
            options,
          );
      });
    },
  };
}
