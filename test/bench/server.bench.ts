/**
 * `GET /v1/spaces/{id}` on the real server (auth, access check, database read, contract
 * serialization) beside a bare Fastify route answering the same JSON, in the same run, on each
 * dialect: SQLite in a data directory (WAL, the embedded default) and PostgreSQL when
 * `DATABASE_URL` is set. Target: the real route at ≥ 0.5× the bare route's requests/second.
 * The real route answers from the server's read cache once warm (nothing is written during the
 * run); the same server without its change feed shows what a request costs that reads the
 * database (every request after a write to what it read). `BENCH_SECONDS` (default 5) per case,
 * `BENCH_ROUNDS` (default 3) alternated rounds.
 */
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import {
  createLogger,
  createServer,
  DirectoryBlobStore,
  initServer,
  openDatabase,
  type DatabaseLocation,
} from '@docsync/server';

const durationSeconds = Number(process.env['BENCH_SECONDS'] ?? 5);
/** Rounds of the cases, alternated; each case reports its median round. */
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 3);
const connections = 10;

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(url: string, token: string | undefined): Promise<Load> {
  const headers: Record<string, string> = { accept: '*/*' };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  // The load generator runs in a worker thread, so it does not take the server's event loop.
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    headers,
    workers: 1,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function listen(app: {
  listen: (o: object) => Promise<string>;
  server: { address(): unknown };
}): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function measureDialect(
  name: string,
  location: DatabaseLocation,
  dataDir: string,
): Promise<string> {
  const database = await openDatabase(location);
  const init = await initServer(database.db, { adminEmail: 'bench@example.com' });
  const server = createServer({
    db: database.db,
    changes: database.changes,
    blobs: new DirectoryBlobStore(join(dataDir, 'blobs')),
    logger: createLogger({ level: 'silent' }),
  });
  const base = await listen(server);
  const created = await fetch(`${base}/v1/orgs/${init.organizationId}/spaces`, {
    method: 'POST',
    headers: { authorization: `Bearer ${init.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Benchmark space' }),
  });
  const space = (await created.json()) as { id: string };
  const spaceUrl = `${base}/v1/spaces/${space.id}`;
  const body: unknown = await (
    await fetch(spaceUrl, { headers: { authorization: `Bearer ${init.token}` } })
  ).json();

  // The same service without the change feed keeps nothing: every request reads the database,
  // as the first request after a write to what it read does.
  const uncached = createServer({
    db: database.db,
    blobs: new DirectoryBlobStore(join(dataDir, 'blobs')),
    logger: createLogger({ level: 'silent' }),
  });
  const uncachedUrl = `${await listen(uncached)}/v1/spaces/${space.id}`;

  const bare = Fastify({ logger: false });
  bare.get('/v1/spaces/:spaceId', () => body);
  const bareUrl = `${await listen(bare)}/v1/spaces/${space.id}`;

  // Warm all, then alternate round by round so drift on a shared machine hits all alike.
  await load(bareUrl, undefined);
  await load(spaceUrl, init.token);
  await load(uncachedUrl, init.token);
  const bareRuns: Load[] = [];
  const realRuns: Load[] = [];
  const uncachedRuns: Load[] = [];
  for (let round = 0; round < rounds; round++) {
    bareRuns.push(await load(bareUrl, undefined));
    realRuns.push(await load(spaceUrl, init.token));
    uncachedRuns.push(await load(uncachedUrl, init.token));
  }

  await bare.close();
  await uncached.close();
  await server.close();
  await database.close();
  const row = (label: string, runs: readonly Load[]) => {
    const run = median(runs, (r) => r.requestsPerSecond);
    return `${label.padEnd(44)} ${run.requestsPerSecond.toFixed(0).padStart(8)} ${run.p50.toFixed(1).padStart(8)} ${run.p99.toFixed(1).padStart(8)} ${String(run.non2xx).padStart(6)}`;
  };
  const ratio = (runs: readonly Load[]) =>
    median(
      runs.map((run, round) => run.requestsPerSecond / (bareRuns[round]?.requestsPerSecond ?? 1)),
      (value) => value,
    ).toFixed(2);
  return [
    `### ${name}`,
    `${'case (median of the rounds)'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non2xx'.padStart(6)}`,
    row('bare Fastify, same JSON (baseline)', bareRuns),
    row('docsync GET /v1/spaces/{id}', realRuns),
    row('docsync, nothing kept (reads the database)', uncachedRuns),
    `ratio: ${ratio(realRuns)}× the baseline's requests/second (target ≥ 0.5×); nothing kept: ${ratio(uncachedRuns)}×`,
    '',
  ].join('\n');
}

/** The item whose `key` is the median (the upper one of an even count). */
function median<T>(items: readonly T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('no rounds were run');
  return middle;
}

/** Runs the load on each dialect and returns the report. */
export async function report(): Promise<string> {
  const out = [
    `## Server: GET /v1/spaces/{id} (autocannon, ${connections} connections, ${rounds} rounds of ${durationSeconds} s per case)`,
    '',
  ];
  const dataDir = await mkdtemp(join(tmpdir(), 'docsync-bench-'));
  try {
    out.push(await measureDialect('SQLite (data directory, WAL)', { dataDir }, dataDir));
    const url = process.env['DATABASE_URL'];
    if (url === undefined) out.push('### PostgreSQL\nskipped: `DATABASE_URL` is not set\n');
    else {
      const schema = `bench_${Date.now()}`;
      try {
        out.push(await measureDialect('PostgreSQL', { url, schema }, dataDir));
      } finally {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return out.join('\n');
}
