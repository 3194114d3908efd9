/**
 * Load (issue 21): a realistic read/write mix sent by autocannon to `docsync serve` processes,
 * as deployed: one instance on SQLite, one on PostgreSQL, and two on one PostgreSQL with the
 * connections spread over both (as a load balancer would). Each is measured beside a baseline in
 * the same run: the cheapest authenticated read (`GET /v1/spaces/{id}`, answered from the read
 * cache), with the same connections on the same instances.
 *
 * The mix, per connection, in turn: eight reads (a page as a document ×3, as markdown ×2, the
 * page list, the space, the space's comments) and two writes (a comment in markdown, parsed in
 * the parse workers; a page of a change request replaced by markdown), each on a page drawn at
 * random from a generated space of `BENCH_LOAD_PAGES` pages (default 100).
 *
 * PostgreSQL needs `DATABASE_URL` (each topology gets a fresh schema, dropped after it). The
 * machine's cores are shared by the instances, autocannon and whatever else runs: read the ratios.
 * `BENCH_SECONDS` (default 10) per case, `BENCH_CONNECTIONS` (default 20).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sendTree, commitOid } from '@docsync/server/testing';
import { createHttpClient } from '@docsync/test-utils';
import { inSchema, startServe, type ServeProcess } from '../support/serve-process.ts';
import { documentPageIds } from './bench-server.ts';
import { generateSpace, seededRandom } from './generate-space.ts';

const durationSeconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 20);
const pageCount = Number(process.env['BENCH_LOAD_PAGES'] ?? 100);

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Responses other than 2xx, and errors (timeouts, resets). */
  failed: number;
  /** The statuses other than 2xx, with their counts (`409×3`). */
  statuses: string;
}

/** What the requests of a run need: the instances' URLs, a token, the space and its pages. */
interface Target {
  urls: string[];
  token: string;
  spaceId: string;
  /** One change request per connection, as each editor edits in their own. */
  changeRequestIds: string[];
  pageIds: string[];
}

/**
 * autocannon's `url` for several instances: connection n goes to URL n modulo their count, as a
 * round-robin load balancer would send it (@types/autocannon declares a single URL).
 */
const spread = (urls: readonly string[]) => urls as unknown as string;

function summary(result: autocannon.Result): Load {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => `${status}×${String(count ?? 0)}`)
      .join(', '),
  };
}

/** The baseline: the space, again and again. */
async function baseline(target: Target): Promise<Load> {
  return summary(
    await autocannon({
      url: spread(target.urls),
      connections,
      duration: durationSeconds,
      headers: { authorization: `Bearer ${target.token}`, accept: '*/*' },
      requests: [{ method: 'GET', path: `/v1/spaces/${target.spaceId}` }],
    }),
  );
}

/** The mix: eight reads and two writes per round, on random pages. */
async function mix(target: Target, seconds = durationSeconds): Promise<Load> {
  const random = seededRandom(20261126);
  const page = () => target.pageIds[Math.floor(random() * target.pageIds.length)] ?? '';
  const space = `/v1/spaces/${target.spaceId}`;
  let writes = 0;
  const get = (path: () => string): autocannon.Request => ({
    method: 'GET',
    setupRequest: (request: autocannon.Request) => ({ ...request, path: path() }),
  });
  const post = (
    path: (context: { changeRequest?: string }) => string,
    body: () => unknown,
  ): autocannon.Request => ({
    method: 'POST',
    setupRequest: (request: autocannon.Request, context: { changeRequest?: string }) => ({
      ...request,
      path: path(context),
      body: JSON.stringify(body()),
    }),
  });
  let opened = 0;
  const asDocument = () => `${space}/content/page/${page()}?format=document`;
  const asMarkdown = () => `${space}/content/page/${page()}?format=markdown`;
  return summary(
    await autocannon({
      url: spread(target.urls),
      connections,
      duration: seconds,
      headers: {
        authorization: `Bearer ${target.token}`,
        accept: '*/*',
        'content-type': 'application/json',
      },
      requests: [
        get(asDocument),
        get(asMarkdown),
        get(() => `${space}/content/pages`),
        get(asDocument),
        get(() => space),
        get(asMarkdown),
        get(() => `${space}/comments`),
        get(asDocument),
        post(
          () => `${space}/comments`,
          () => ({
            page: page(),
            body: { markdown: `Comment ${String(++writes)}: is *this* [still right](#intro)?` },
          }),
        ),
        post(
          (context) => {
            // autocannon keeps a context per connection: each takes a change request of its own.
            context.changeRequest ??= target.changeRequestIds[opened++ % connections] ?? '';
            return `${space}/change-requests/${context.changeRequest}/content`;
          },
          () => ({
            changes: [
              {
                type: 'update_page',
                page: page(),
                document: {
                  markdown: `# Edited ${String(++writes)}\n\nA paragraph with **bold** text.\n\n* one\n* two\n`,
                },
              },
            ],
          }),
        ),
      ],
    }),
  );
}

/** Imports a generated space through `instance` and opens a change request per connection. */
async function prepare(instance: ServeProcess, urls: string[]): Promise<Target> {
  const token = instance.token ?? '';
  const http = createHttpClient(instance.url, token);
  const created = await http.request('POST', `/v1/orgs/${instance.organizationId ?? ''}/spaces`, {
    body: { title: 'Load' },
  });
  const spaceId = (created.body as { id: string }).id;
  const generated = generateSpace(20261124, { pages: pageCount, assets: pageCount / 5 });
  const tree = generated.files.map((file, index) => ({
    path: file.path,
    oid: file.oid,
    bytes: generated.bytes[index] ?? new Uint8Array(),
  }));
  const sent = await sendTree(http, spaceId, tree, { oid: commitOid(1), message: 'Load' });
  if (sent.status !== 204) throw new Error(`import failed: ${sent.status} ${sent.text}`);
  const listed = (await http.get(`/v1/spaces/${spaceId}/content/pages`)).body as {
    pages: { id: string; type: string }[];
  };
  const pageIds = documentPageIds(listed.pages);
  const changeRequestIds: string[] = [];
  for (let n = 0; n < connections; n++) {
    const opened = await http.request('POST', `/v1/spaces/${spaceId}/change-requests`, {
      body: { subject: `Load ${String(n)}` },
    });
    changeRequestIds.push((opened.body as { id: string }).id);
  }
  return { urls, token, spaceId, changeRequestIds, pageIds };
}

async function stop(instance: ServeProcess): Promise<void> {
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
}

/** Starts `count` instances (the first initialises the database), measures, stops them. */
async function measure(
  name: string,
  count: number,
  databaseUrl: string | undefined,
  root: string,
): Promise<string> {
  const instances: ServeProcess[] = [];
  try {
    for (let n = 0; n < count; n++)
      instances.push(await startServe(databaseUrl, join(root, `${name}-${String(n)}`)));
    const [first] = instances;
    if (first === undefined) throw new Error('no instance');
    const target = await prepare(
      first,
      instances.map((instance) => instance.url),
    );
    // Warm every instance's caches and parse workers before measuring.
    await mix(target, 3);
    const base = await baseline(target);
    const mixed = await mix(target);
    const row = (label: string, load: Load) =>
      `| ${label} | ${load.requestsPerSecond.toFixed(0)} | ${load.p50.toFixed(0)} | ${load.p99.toFixed(0)} | ${String(load.failed)}${load.statuses === '' ? '' : ` (${load.statuses})`} |`;
    return [
      row(`${name}: GET /v1/spaces/{id} (baseline)`, base),
      row(
        `${name}: read/write mix (${(mixed.requestsPerSecond / base.requestsPerSecond).toFixed(2)}×)`,
        mixed,
      ),
    ].join('\n');
  } finally {
    for (const instance of instances) await stop(instance);
  }
}

/** Measures each topology and returns the report. */
export async function report(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'docsync-load-bench-'));
  const databaseUrl = process.env['DATABASE_URL'];
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const out = [
    `## Load: read/write mix (autocannon, ${String(connections)} connections, ${String(durationSeconds)} s per case, ${String(pageCount)} pages)`,
    '',
    '| case | req/s | p50 ms | p99 ms | failed |',
    '| --- | --- | --- | --- | --- |',
  ];
  try {
    out.push(await measure('1 instance, SQLite', 1, undefined, root));
    if (databaseUrl === undefined) out.push('', 'PostgreSQL skipped: `DATABASE_URL` is not set');
    else
      for (const count of [1, 2]) {
        // One schema at a time: the migrations find their lock table in another docsync schema
        // of the same database and then fail to use it in their own.
        const schema = `bench_load_${randomBytes(4).toString('hex')}`;
        await admin(`CREATE SCHEMA "${schema}"`);
        try {
          out.push(
            await measure(
              `${String(count)} instance${count > 1 ? 's' : ''}, PostgreSQL`,
              count,
              inSchema(databaseUrl, schema),
              root,
            ),
          );
        } finally {
          await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        }
      }
  } finally {
    await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
  return `${out.join('\n')}\n`;
}
