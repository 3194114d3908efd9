import { EventEmitter } from 'node:events';
import type { JobOutcome } from '../jobs/job-runner.js';
import type { DialectName } from '../storage/open-database.js';
import { startTestServer, type TestServer } from './start-test-server.js';
import { pseudoTranslator } from '../translations/pseudo-translator.js';
import { RUN_TRANSLATION_JOB } from '../translations/translations.js';
import type { TranslationRequest, Translator } from '../translations/translator.js';

/**
 * The pseudo translator, recording what each run sends it, and failing while `failure` is set:
 * what the translation tests drive runs with.
 */
export class RecordingTranslator implements Translator {
  readonly name = 'pseudo';
  readonly batchSize = 100;
  /** Every text sent, in order. */
  sent: string[] = [];
  failure: Error | undefined;

  async translate(request: TranslationRequest): Promise<string[]> {
    if (this.failure !== undefined) throw this.failure;
    this.sent.push(...request.texts);
    return pseudoTranslator.translate(request);
  }

  /** What was sent since the last call. */
  take(): string[] {
    const sent = this.sent;
    this.sent = [];
    return sent;
  }
}

/** Waits for the job runner to settle translation runs (pass its `onJobSettled`). */
export class RunWatcher {
  readonly #events = new EventEmitter<{ settled: [JobOutcome] }>();
  readonly onJobSettled = (outcome: JobOutcome) => {
    if (outcome.kind === RUN_TRANSLATION_JOB) this.#events.emit('settled', outcome);
  };

  /** Does `act`, then waits until a run settles; the run's outcome. */
  async after<T>(act: () => Promise<T>): Promise<{ result: T; outcome: JobOutcome }> {
    const settled = new Promise<JobOutcome>((resolve) => {
      this.#events.once('settled', resolve);
    });
    const result = await act();
    return { result, outcome: await settled };
  }
}

/**
 * A test server that runs translations with `translator` and polls for jobs every 20 ms, and
 * the watcher of its runs.
 */
export async function startTranslationServer(
  dialect: DialectName,
  translator: Translator,
): Promise<{ server: TestServer; runs: RunWatcher }> {
  const runs = new RunWatcher();
  const server = await startTestServer({
    dialect,
    translator,
    jobs: { pollMs: 20 },
    onJobSettled: runs.onJobSettled,
  });
  return { server, runs };
}

/** Reads the translated text of a page of a space as markdown. */
export async function pageMarkdown(
  server: TestServer,
  spaceId: string,
  pageId: string,
): Promise<string> {
  const read = await server.http.get(
    `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`,
  );
  if (read.status !== 200) throw new Error(`page ${pageId}: ${String(read.status)} ${read.text}`);
  return (read.body as { markdown: string }).markdown;
}
