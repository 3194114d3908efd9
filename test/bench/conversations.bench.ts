/**
 * Conversations (issue 27): 10,000 generated support tickets (`supportConversations`, seed 27)
 * against the Lawnchair help space of the corpora (../shared/corpora/lawnchair-docs/help), on the
 * embedded default (SQLite in a data directory) over a loopback port, the job runner in the
 * server's process as `docsync serve` runs it. Measured in one run:
 *
 * - baseline: the same 10,000 conversations as plain inserts of their rows (batches of 100 in a
 *   transaction each) into a database of their own;
 * - baseline: a search-only pass: each ticket's questions extracted and searched for, nothing
 *   written (what the analysis reads);
 * - ingest over HTTP (100 requests of 100): until the last answer (204), and until every
 *   conversation is analysed and its issues clustered;
 * - the same 10,000 sent again (a support tool re-sending): nothing changes;
 * - 100 new tickets after the 10,000: until they are analysed and clustered (median of 5).
 *
 * Size: `BENCH_CONVERSATIONS` (default 10,000).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ContentSearcher,
  createLogger,
  createServer,
  createServerCaches,
  DirectoryBlobStore,
  extractQuestions,
  initServer,
  openDatabase,
  type Db,
} from '@docsync/server';
import {
  commitOid,
  readTreeFromDisk,
  sendTree,
  supportConversations,
  waitForAnalysis,
} from '@docsync/server/testing';
import { createHttpClient } from '@docsync/test-utils';
import { median } from './bench-server.ts';

const count = Number(process.env['BENCH_CONVERSATIONS'] ?? 10_000);
const BATCH = 100;
const REPEATS = 5;
const corpus = fileURLToPath(
  new URL('../../../shared/corpora/lawnchair-docs/help', import.meta.url),
);

const progress = (line: string) => {
  process.stderr.write(`conversations: ${line}\n`);
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const rate = (items: number, time: number) =>
  `${Math.round((items / time) * 1000).toLocaleString('en')}/s`;

/** Inserts the conversations' rows as they are stored, with nothing else: the storage floor. */
async function plainInserts(
  db: Db,
  organizationId: string,
  rows: ReturnType<typeof supportConversations>,
) {
  const began = performance.now();
  for (let start = 0; start < rows.length; start += BATCH) {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('conversations')
        .values(
          rows.slice(start, start + BATCH).map(({ input }, index) => ({
            id: `plain-${String(start + index)}`,
            organization_id: organizationId,
            source: 'email',
            external_id: input.id,
            subject: input.subject ?? null,
            url: input.metadata?.url ?? null,
            attributes: JSON.stringify(input.metadata?.attributes ?? {}),
            parts: JSON.stringify(input.parts),
            content_hash: input.id,
            created_at: input.metadata?.createdAt ?? '',
            ingested_at: input.metadata?.createdAt ?? '',
            processed_at: null,
          })),
        )
        .execute();
    });
  }
  return performance.now() - began;
}

/** Measures every case; the report's table. */
export async function report(): Promise<string> {
  if (!existsSync(corpus)) return `conversations: skipped (no ${corpus})\n`;
  const root = await mkdtemp(join(tmpdir(), 'docsync-conversations-bench-'));
  const database = await openDatabase({ dataDir: join(root, 'data') });
  const plain = await openDatabase({ dataDir: join(root, 'plain') });
  const server = createServer({
    db: database.db,
    changes: database.changes,
    blobs: new DirectoryBlobStore(join(root, 'data', 'blobs')),
    logger: createLogger({ level: 'silent' }),
    jobs: { pollMs: 10 },
  });
  try {
    const init = await initServer(database.db, { adminEmail: 'bench@example.com' });
    const plainInit = await initServer(plain.db, { adminEmail: 'bench@example.com' });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${String((server.server.address() as AddressInfo).port)}`;
    const http = createHttpClient(baseUrl, init.token);
    const org = `/v1/orgs/${init.organizationId}`;
    const space = await http.request('POST', `${org}/spaces`, { body: { title: 'Help' } });
    const sent = await sendTree(http, (space.body as { id: string }).id, readTreeFromDisk(corpus), {
      oid: commitOid(1),
      message: 'import',
    });
    if (sent.status !== 204) throw new Error(`import: ${String(sent.status)} ${sent.text}`);
    const until = new Date();
    const tickets = supportConversations(count + BATCH * REPEATS, { seed: 27, until });
    const first = tickets.slice(0, count);

    const inserts = await plainInserts(plain.db, plainInit.organizationId, first);
    progress(`plain inserts ${ms(inserts)}`);

    const searcher = new ContentSearcher(
      { db: database.db, caches: createServerCaches() },
      init.organizationId,
    );
    let searched = performance.now();
    let questions = 0;
    for (const { input } of first) {
      for (const question of extractQuestions(input.subject ?? null, input.parts)) {
        await searcher.search(question.terms);
        questions += 1;
      }
    }
    searched = performance.now() - searched;
    progress(`search-only ${ms(searched)} (${String(questions)} questions)`);

    const ingest = async (batch: readonly (typeof tickets)[number][]) => {
      for (let start = 0; start < batch.length; start += BATCH) {
        const answer = await http.request('POST', `${org}/conversations`, {
          body: batch.slice(start, start + BATCH).map(({ input }) => input),
        });
        if (answer.status !== 204)
          throw new Error(`ingest: ${String(answer.status)} ${answer.text}`);
      }
    };
    const began = performance.now();
    await ingest(first);
    const answered = performance.now() - began;
    await waitForAnalysis(database.db, init.organizationId, { pollMs: 10, timeoutMs: 3_600_000 });
    const analysed = performance.now() - began;
    const issues = await database.db
      .selectFrom('conversation_issues')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const clusters = await database.db
      .selectFrom('issue_clusters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    progress(`ingest ${ms(answered)}, analysed ${ms(analysed)}`);

    const again = performance.now();
    await ingest(first);
    const resent = performance.now() - again;
    const waiting = await database.db
      .selectFrom('jobs')
      .select('id')
      .where('state', '=', 'queued')
      .where('kind', '=', 'conversations:analyse')
      .execute();
    if (waiting.length > 0)
      throw new Error('re-sending unchanged conversations queued an analysis');

    const increments: number[] = [];
    for (let n = 0; n < REPEATS; n += 1) {
      const start = performance.now();
      await ingest(tickets.slice(count + n * BATCH, count + (n + 1) * BATCH));
      await waitForAnalysis(database.db, init.organizationId, { pollMs: 5 });
      increments.push(performance.now() - start);
    }
    const increment = median(increments);

    const lines = [
      `conversations: ${count.toLocaleString('en')} generated tickets (seed 27) against the Lawnchair help space, SQLite, loopback HTTP, job runner in process`,
      '',
      '| case | time | throughput | ratio |',
      '|---|---|---|---|',
      `| plain inserts of the rows, ${String(BATCH)} per transaction (baseline) | ${ms(inserts)} | ${rate(count, inserts)} | 1.00× |`,
      `| search-only pass: ${questions.toLocaleString('en')} questions extracted and searched (baseline) | ${ms(searched)} | ${rate(count, searched)} | ${(searched / inserts).toFixed(2)}× |`,
      `| ingest over HTTP, ${String(count / BATCH)} requests of ${String(BATCH)}, until the last 204 | ${ms(answered)} | ${rate(count, answered)} | ${(answered / inserts).toFixed(2)}× |`,
      `| … until every conversation is analysed and clustered (${String(issues.n)} issues, ${String(clusters.n)} clusters) | ${ms(analysed)} | ${rate(count, analysed)} | ${(analysed / inserts).toFixed(2)}× (${(analysed / searched).toFixed(2)}× the search-only pass) |`,
      `| the same ${count.toLocaleString('en')} sent again (nothing changes, no analysis) | ${ms(resent)} | ${rate(count, resent)} | ${(resent / inserts).toFixed(2)}× |`,
      `| ${String(BATCH)} new tickets after them, until clustered (median of ${String(REPEATS)}: ${increments.map((value) => value.toFixed(0)).join(', ')} ms) | ${ms(increment)} | ${rate(BATCH, increment)} | |`,
    ];
    return `${lines.join('\n')}\n`;
  } finally {
    await server.close();
    await database.close();
    await plain.close();
    await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
