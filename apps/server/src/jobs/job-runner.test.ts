import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { makeTempDir, ManualClock } from '@docsync/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { randomId } from '../ids.js';
import { openDatabase, type Database } from '../storage/open-database.js';
import type { Db } from '../storage/schema.js';
import {
  openTestDatabase,
  testDatabaseUrl,
  type TestDatabase,
} from '../testing/open-test-database.js';
import { testDialects } from '../testing/start-test-server.js';
import { enqueueJob } from './enqueue-job.js';
import {
  JobRunner,
  LostClaimError,
  retryDelay,
  type JobHandler,
  type JobOutcome,
} from './job-runner.js';

/** The job a handler's effect is recorded as: one `effect` job per run that finished. */
async function recordEffect(trx: Db, of: string, clock: ManualClock | { now(): Date }) {
  await enqueueJob(trx, { kind: 'effect', payload: { of } }, { clock, ids: randomId });
}

async function effectsOf(db: Db, of: string): Promise<number> {
  const rows = await db.selectFrom('jobs').select('payload').where('kind', '=', 'effect').execute();
  return rows.filter((row) => (JSON.parse(row.payload) as { of: string }).of === of).length;
}

async function jobRow(db: Db, id: string) {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The next `settled` outcome of `runner`. */
function nextOutcome(runner: JobRunner): Promise<JobOutcome> {
  return once(runner.events, 'settled').then(([outcome]) => outcome as JobOutcome);
}

/** A handler that records its effect when it finishes, after `gate` (if any) resolves. */
function effectHandler(clock: { now(): Date }, gate?: Promise<void>): JobHandler {
  return {
    kind: 'work',
    run: async (job) => {
      await gate;
      await job.finish((trx) => recordEffect(trx, job.id, clock));
    },
  };
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`JobRunner (${dialect})`, () => {
    const opened: TestDatabase[] = [];
    const runners: JobRunner[] = [];
    afterEach(async () => {
      await Promise.all(runners.splice(0).map((runner) => runner.stop()));
      await Promise.all(opened.splice(0).map((database) => database.close()));
    });
    async function open(): Promise<Db> {
      const database = await openTestDatabase(dialect);
      opened.push(database);
      return database.database.db;
    }

    it('runs a due job once and marks it done with what it wrote', async () => {
      const db = await open();
      const clock = new ManualClock();
      const id = await enqueueJob(
        db,
        { kind: 'work', payload: { n: 1 } },
        { clock, ids: randomId },
      );
      const seen: unknown[] = [];
      const runner = new JobRunner(
        db,
        [
          {
            kind: 'work',
            run: async (job) => {
              seen.push(job.payload);
              await job.finish((trx) => recordEffect(trx, job.id, clock));
            },
          },
        ],
        { clock },
      );
      expect(await runner.runOnce()).toBe(true);
      expect(await runner.runOnce()).toBe(false);
      expect(seen).toEqual([{ n: 1 }]);
      const row = await jobRow(db, id);
      expect(row).toMatchObject({ state: 'done', attempts: 1, claim: null });
      expect(await effectsOf(db, id)).toBe(1);
    });

    it('does not claim a job before its time, nor one of a kind it has no handler for', async () => {
      const db = await open();
      const clock = new ManualClock();
      await enqueueJob(
        db,
        { kind: 'work', payload: {}, runAfter: new Date(clock.now().getTime() + 60_000) },
        { clock, ids: randomId },
      );
      await enqueueJob(db, { kind: 'other', payload: {} }, { clock, ids: randomId });
      const runner = new JobRunner(db, [effectHandler(clock)], { clock });
      expect(await runner.runOnce()).toBe(false);
      clock.advance(60_000);
      expect(await runner.runOnce()).toBe(true);
    });

    it('retries a failing job with a doubling delay, then marks it failed after its last attempt', async () => {
      const db = await open();
      const clock = new ManualClock();
      const id = await enqueueJob(
        db,
        { kind: 'work', payload: {}, maxAttempts: 3 },
        { clock, ids: randomId },
      );
      const runner = new JobRunner(
        db,
        [
          {
            kind: 'work',
            run: (job) => Promise.reject(new Error(`attempt ${String(job.attempt)} failed`)),
          },
        ],
        { clock, backoffMs: 1_000 },
      );
      const outcomes: string[] = [];
      runner.events.on('settled', (outcome) => outcomes.push(outcome.outcome));
      expect(await runner.runOnce()).toBe(true);
      expect(await jobRow(db, id)).toMatchObject({
        state: 'queued',
        attempts: 1,
        last_error: 'attempt 1 failed',
        run_after: '2025-01-01T00:00:01.000Z',
      });
      clock.advance(999);
      expect(await runner.runOnce()).toBe(false);
      clock.advance(1);
      expect(await runner.runOnce()).toBe(true);
      expect((await jobRow(db, id)).run_after).toBe('2025-01-01T00:00:03.000Z');
      clock.advance(2_000);
      expect(await runner.runOnce()).toBe(true);
      expect(await jobRow(db, id)).toMatchObject({
        state: 'failed',
        attempts: 3,
        last_error: 'attempt 3 failed',
      });
      expect(outcomes).toEqual(['retry', 'retry', 'failed']);
      clock.advance(3_600_000);
      expect(await runner.runOnce()).toBe(false);
    });

    it('keeps one queued job per key: a second enqueue keeps the earlier time and the new payload', async () => {
      const db = await open();
      const clock = new ManualClock();
      const later = new Date(clock.now().getTime() + 3_600_000);
      const first = await enqueueJob(
        db,
        { kind: 'work', key: 'spec:1', payload: { v: 1 }, runAfter: later },
        { clock, ids: randomId },
      );
      const second = await enqueueJob(
        db,
        { kind: 'work', key: 'spec:1', payload: { v: 2 } },
        { clock, ids: randomId },
      );
      const third = await enqueueJob(
        db,
        { kind: 'work', key: 'spec:1', payload: { v: 3 }, runAfter: later },
        { clock, ids: randomId },
      );
      expect([second, third]).toEqual([first, first]);
      expect(await jobRow(db, first)).toMatchObject({
        payload: JSON.stringify({ v: 3 }),
        run_after: clock.now().toISOString(),
      });
      // Once it runs, another may wait beside it.
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const runner = new JobRunner(db, [effectHandler(clock, gate)], { clock });
      const running = runner.runOnce();
      await expect.poll(async () => (await jobRow(db, first)).state).toBe('running');
      const next = await enqueueJob(
        db,
        { kind: 'work', key: 'spec:1', payload: { v: 4 } },
        { clock, ids: randomId },
      );
      expect(next).not.toBe(first);
      release();
      await running;
      expect(await runner.runOnce()).toBe(true);
      expect(await effectsOf(db, first)).toBe(1);
      expect(await effectsOf(db, next)).toBe(1);
    });

    it('claims a job again once its lease ran out, and its first runner writes nothing', async () => {
      const db = await open();
      const clock = new ManualClock();
      const id = await enqueueJob(db, { kind: 'work', payload: {} }, { clock, ids: randomId });
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      // Renewals every 20 s of real time never come: only the manual clock moves.
      const slow = new JobRunner(db, [effectHandler(clock, gate)], { clock, leaseMs: 60_000 });
      const slowOutcome = nextOutcome(slow);
      const slowRun = slow.runOnce();
      await expect.poll(async () => (await jobRow(db, id)).state).toBe('running');
      const other = new JobRunner(db, [effectHandler(clock)], { clock, leaseMs: 60_000 });
      expect(await other.runOnce()).toBe(false);
      clock.advance(60_001);
      expect(await other.runOnce()).toBe(true);
      expect(await jobRow(db, id)).toMatchObject({ state: 'done', attempts: 2 });
      release();
      await slowRun;
      const lost = await slowOutcome;
      expect(lost.outcome).toBe('lost');
      expect(lost.error).toBeInstanceOf(LostClaimError);
      expect(await effectsOf(db, id)).toBe(1);
    });

    it('doubles the delay from the base up to the cap', () => {
      expect([1, 2, 3, 4, 10].map((attempt) => retryDelay(attempt, 5_000, 60_000))).toEqual([
        5_000, 10_000, 20_000, 40_000, 60_000,
      ]);
    });
  });
}

describe.skipIf(testDialects[1]?.skip ?? true)(
  'JobRunner, two claimers on one PostgreSQL database',
  () => {
    it(
      'runs each of 40 jobs exactly once across two runners with their own connections',
      {
        timeout: 30_000,
      },
      async () => {
        const first = await openTestDatabase('postgres');
        const second: Database = await openDatabase({
          url: testDatabaseUrl(),
          schema: first.schema ?? '',
        });
        const clock = { now: () => new Date() };
        const runs = new Map<string, number>();
        const byRunner = [0, 0];
        const handler = (index: number): JobHandler => ({
          kind: 'work',
          run: async (job) => {
            runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
            byRunner[index] = (byRunner[index] ?? 0) + 1;
            // Long enough that both runners hold a job at once.
            await new Promise((resolve) => setTimeout(resolve, 5));
            await job.finish((trx) => recordEffect(trx, job.id, clock));
          },
        });
        const runners = [
          new JobRunner(first.database.db, [handler(0)], { pollMs: 10 }),
          new JobRunner(second.db, [handler(1)], { pollMs: 10 }),
        ];
        try {
          const ids: string[] = [];
          for (let n = 0; n < 40; n += 1)
            ids.push(
              await enqueueJob(
                first.database.db,
                { kind: 'work', payload: { n } },
                {
                  clock,
                  ids: randomId,
                },
              ),
            );
          let settled = 0;
          const allSettled = new Promise<void>((resolve) => {
            for (const runner of runners)
              runner.events.on('settled', () => {
                settled += 1;
                if (settled === ids.length) resolve();
              });
          });
          for (const runner of runners) runner.start();
          await allSettled;
          expect([...runs.values()].every((count) => count === 1)).toBe(true);
          expect(runs.size).toBe(40);
          expect(byRunner[0]).toBeGreaterThan(0);
          expect(byRunner[1]).toBeGreaterThan(0);
          for (const id of ids) expect(await effectsOf(first.database.db, id)).toBe(1);
        } finally {
          await Promise.all(runners.map((runner) => runner.stop()));
          await second.close();
          await first.close();
        }
      },
    );
  },
);

/** The server package as built: what a killed process runs. */
const builtServer = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

/**
 * A process that opens the database, claims the job and hangs in its handler until killed:
 * it writes `claimed` on standard output once its handler runs.
 */
const hangingProcess = `
const { openDatabase, JobRunner } = await import(process.env.SERVER_MODULE);
const database = await openDatabase(JSON.parse(process.env.LOCATION));
const runner = new JobRunner(database.db, [{
  kind: 'work',
  run: () => { process.stdout.write('claimed\\n'); return new Promise(() => {}); },
}], { leaseMs: 400, pollMs: 10 });
runner.start();
`;

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`JobRunner across a killed process (${dialect})`, () => {
    it(
      'finishes a job whose process was killed mid-job exactly once, after its lease',
      {
        timeout: 30_000,
      },
      async () => {
        const dir = await makeTempDir('jobs-kill');
        const test = dialect === 'postgres' ? await openTestDatabase('postgres') : undefined;
        const location =
          test === undefined
            ? { dataDir: dir.join('data') }
            : { url: testDatabaseUrl(), schema: test.schema ?? '' };
        const database = test?.database ?? (await openDatabase(location));
        const clock = { now: () => new Date() };
        try {
          const id = await enqueueJob(
            database.db,
            { kind: 'work', payload: {} },
            {
              clock,
              ids: randomId,
            },
          );
          const child = spawn(process.execPath, ['--input-type=module', '-e', hangingProcess], {
            env: { ...process.env, SERVER_MODULE: builtServer, LOCATION: JSON.stringify(location) },
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          const exited = once(child, 'exit');
          await new Promise<void>((resolve, reject) => {
            child.stdout.on('data', (chunk: Buffer) => {
              if (chunk.toString().includes('claimed')) resolve();
            });
            child.on('exit', (code) => {
              reject(new Error(`the claiming process exited with ${String(code)}`));
            });
          });
          child.kill('SIGKILL');
          await exited;
          expect(await jobRow(database.db, id)).toMatchObject({ state: 'running', attempts: 1 });

          const restarted = new JobRunner(database.db, [effectHandler(clock)], { pollMs: 10 });
          const outcome = nextOutcome(restarted);
          restarted.start();
          expect(await outcome).toMatchObject({ id, outcome: 'done', attempt: 2 });
          await restarted.stop();
          expect(await jobRow(database.db, id)).toMatchObject({ state: 'done', attempts: 2 });
          expect(await effectsOf(database.db, id)).toBe(1);
        } finally {
          if (test === undefined) await database.close();
          else await test.close();
          await dir.remove();
        }
      },
    );
  });
}
