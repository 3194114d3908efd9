/**
 * `GET /v1/spaces/{id}` on the real server (auth, access check, database read, contract
 * serialization) beside a bare Fastify route answering the same JSON, in the same run, on each
 * dialect: SQLite in a data directory (WAL, the embedded default) and PostgreSQL when
 * `DATABASE_URL` is set. Target: the real route at ≥ 0.5× the bare route's requests/second.
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

  const bare = Fastify({ logger: false });
  bare.get('/v1/spaces/:spaceId', () => body);
  const bareUrl = `${await listen(bare)}/v1/spaces/${space.id}`;

  // Warm both, then alternate so drift on a shared machine hits both alike.
  await load(bareUrl, undefined);
  await load(spaceUrl, init.token);
  const bareRun = await load(bareUrl, undefined);
  const realRun = await load(spaceUrl, init.token);

  await bare.close();
  await server.close();
  await database.close();
  const row = (label: string, run: Load) =>
    `${label.padEnd(36)} ${run.requestsPerSecond.toFixed(0).padStart(8)} ${run.p50.toFixed(1).padStart(8)} ${run.p99.toFixed(1).padStart(8)} ${String(run.non2xx).padStart(6)}`;
  return [
    `### ${name}`,
    `${'case'.padEnd(36)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non2xx'.padStart(6)}`,
    row('bare Fastify, same JSON (baseline)', bareRun),
    row('docsync GET /v1/spaces/{id}', realRun),
    `ratio: ${(realRun.requestsPerSecond / bareRun.requestsPerSecond).toFixed(2)}× the baseline's requests/second (target ≥ 0.5×)`,
    '',
  ].join('\n');
}

/** Runs the load on each dialect and returns the report. */
export async function report(): Promise<string> {
  const out = [
    `## Server: GET /v1/spaces/{id} (autocannon, ${connections} connections, ${durationSeconds} s per case)`,
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
