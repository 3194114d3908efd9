import type { Space } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, type TestServer } from '../testing/start-test-server.js';

/** The parse budget of the server under test. */
const BUDGET_MS = 3_000;

/**
 * Markdown that takes the parser longer than the budget: `count` `*`, a letter, `count` `*`.
 * micromark pairs the delimiters of runs like these in quadratic time (9,000 each way, 18,000
 * characters: 17 s on the shared 2-core machine). Core reads `<a>` × 20,000, which this test used
 * until issue 21's core fixes, in well under a second now.
 */
const slowMarkdown = (count: number) => `${'*'.repeat(count)}x${'*'.repeat(count)}`;

describe('a pathological page stalls no other request', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A wall-time limit of the budget itself (the default is 6×): the test is about answering
    // within a bound beside other test files, whatever share of a core the workers get.
    server = await startTestServer({ parsing: { timeMs: BUDGET_MS, wallFactor: 1 } });
    // Warm: the first requests of a process compile their code paths, and the parse workers
    // start (a page's budget counts from when a worker starts it, not the worker's own start).
    for (let n = 0; n < 20; n++) await server.http.get('/v1/orgs');
    const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
    const warm = await sendTree(
      server.http,
      (created.body as Space).id,
      [textBlob('README.md', '# Warm\n')],
      { oid: commitOid(9), message: 'warm' },
    );
    expect(warm.status, warm.text).toBe(204);
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  /** `GET /v1/orgs` every 25 ms until `done` settles: how long each took, in ms, sorted. */
  async function latenciesWhile(done: Promise<unknown>): Promise<number[]> {
    const state = { settled: false };
    void done.finally(() => {
      state.settled = true;
    });
    const took: number[] = [];
    while (!state.settled) {
      const started = performance.now();
      const listed = await server.http.get('/v1/orgs');
      expect(listed.status).toBe(200);
      took.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return took.sort((a, b) => a - b);
  }

  /**
   * The cheap request keeps answering: 90% within 100 ms and none past 1 s (it waited as long as
   * the parse, 15 s and more, when parsing ran on the event loop). Not every one within 100 ms:
   * on a shared 2-core machine at load 9 the test's own process is sometimes descheduled longer.
   */
  function expectAnswering(took: readonly number[]): string {
    const at = (share: number) =>
      took[Math.min(took.length - 1, Math.floor(took.length * share))] ?? 0;
    expect(took.length).toBeGreaterThan(10);
    expect(at(0.9)).toBeLessThan(100);
    expect(at(1)).toBeLessThan(1_000);
    return `${String(took.length)} GET /v1/orgs meanwhile: median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, slowest ${at(1).toFixed(1)} ms`;
  }

  it('answers GET /v1/orgs within 100 ms while a page past the parse budget is imported, which fails with a 400 within its budget', async () => {
    const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
    const space = created.body as Space;
    const started = performance.now();
    const importing = sendTree(
      server.http,
      space.id,
      [textBlob('README.md', `# Stars\n\n${slowMarkdown(50_000)}\n`)],
      { oid: commitOid(1), message: 'pathological' },
    );
    const latencies = await latenciesWhile(importing);
    const imported = await importing;
    const took = performance.now() - started;
    expect(imported.status, imported.text).toBe(400);
    // Past the budget of processor time, or (a busy machine) of wall time.
    expect(imported.text).toMatch(
      new RegExp(
        `took (more than ${String(BUDGET_MS)} ms of processor time|longer than ${String(BUDGET_MS)} ms)`,
      ),
    );
    expect(took).toBeLessThan(BUDGET_MS + 2_000);
    console.info(
      `* x 50,000 import: 400 after ${took.toFixed(0)} ms; ${expectAnswering(latencies)}`,
    );

    // The pool has a fresh worker: an ordinary page imports at once.
    const fine = await sendTree(server.http, space.id, [textBlob('README.md', '# Fine\n')], {
      oid: commitOid(2),
      message: 'fine',
    });
    expect(fine.status, fine.text).toBe(204);
  }, 30_000);

  it('refuses a content batch page past the time budget without stalling reads', async () => {
    const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
    const space = created.body as Space;
    const opened = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
      body: { subject: 'Links' },
    });
    const batch = server.http.request(
      'POST',
      `/v1/spaces/${space.id}/change-requests/${(opened.body as { id: string }).id}/content`,
      {
        body: {
          changes: [
            { type: 'insert_page', title: 'Stars', document: { markdown: slowMarkdown(50_000) } },
          ],
        },
      },
    );
    const latencies = await latenciesWhile(batch);
    const sent = await batch;
    expect(sent.status, sent.text).toBe(400);
    expect(sent.text).toMatch(/body\/changes\/0\/document\/markdown took (more|longer) than/);
    console.info(`* x 50,000 batch: 400; ${expectAnswering(latencies)}`);
  }, 30_000);

  it('refuses a comment past the time budget without stalling reads', async () => {
    const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
    const space = created.body as Space;
    // 18,000 characters: within the length a comment may have.
    const posting = server.http.request('POST', `/v1/spaces/${space.id}/comments`, {
      body: { body: { markdown: slowMarkdown(9_000) } },
    });
    const latencies = await latenciesWhile(posting);
    const posted = await posting;
    expect(posted.status, posted.text).toBe(400);
    expect(posted.text).toMatch(/body\/body\/markdown took (more|longer) than/);
    console.info(`* x 9,000 comment: 400; ${expectAnswering(latencies)}`);
  }, 30_000);

  it('refuses markdown longer than the size budget before parsing it', async () => {
    const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
    const space = created.body as Space;
    const imported = await sendTree(
      server.http,
      space.id,
      [textBlob('README.md', `${'word '.repeat(300_000)}\n`)],
      { oid: commitOid(3), message: 'long' },
    );
    expect(imported.status, imported.text).toBe(400);
    expect(imported.text).toContain('markdown is converted up to 1048576');
  });
});
