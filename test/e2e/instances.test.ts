import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { Space } from '@docsync/api';
import { gitBlobId } from '@docsync/core';
import { commitOid, sendTree, textBlob, type TreeBlob } from '@docsync/server/testing';
import { S3BlobStore } from '@docsync/server';
import {
  createHttpClient,
  makeTempDir,
  startS3Server,
  type HttpClient,
  type S3TestServer,
  type TempDir,
} from '@docsync/test-utils';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSchema, startServe, type ServeProcess } from '../support/serve-process.ts';

const databaseUrl = process.env['DATABASE_URL'];

/** Until `check` passes or 2 s went by; how long it took, in ms. */
async function eventually(check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > 2_000) throw new Error('not within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

/** Two `docsync serve` processes on one PostgreSQL schema of their own, and requests to each. */
interface Instances {
  readonly schema: string;
  readonly first: ServeProcess;
  readonly second: ServeProcess;
  /** As the admin the first run created, through each instance. */
  readonly viaFirst: HttpClient;
  readonly viaSecond: HttpClient;
  readonly organizationId: string;
  /** A space of the organization, created through `http`. */
  readonly createSpace: (http: HttpClient) => Promise<Space>;
  /** Kills both, drops the schema, removes their data directories. */
  close(): Promise<void>;
}

/** Runs one query as the database's owner, outside the instances' schema. */
async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Starts two instances on a new schema of `DATABASE_URL`, with `env` added to theirs. */
async function startInstances(env: Readonly<Record<string, string>> = {}): Promise<Instances> {
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  const dir: TempDir = await makeTempDir('instances');
  await adminQuery(`CREATE SCHEMA "${schema}"`);
  // Both instances work in the schema: every unqualified name resolves there.
  const url = inSchema(databaseUrl ?? '', schema);
  const first = await startServe(url, dir.join('first'), env);
  const second = await startServe(url, dir.join('second'), env);
  const viaFirst = createHttpClient(first.url, first.token);
  const viaSecond = createHttpClient(second.url, first.token);
  const orgs = await viaSecond.get('/v1/orgs');
  const organizationId = (orgs.body as { items: { id: string }[] }).items[0]?.id ?? '';
  return {
    schema,
    first,
    second,
    viaFirst,
    viaSecond,
    organizationId,
    createSpace: async (http) => {
      const created = await http.request('POST', `/v1/orgs/${organizationId}/spaces`, {
        body: {},
      });
      expect(created.status, created.text).toBe(201);
      return created.body as Space;
    },
    close: async () => {
      for (const instance of [first, second]) instance.child.kill('SIGKILL');
      await adminQuery(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await dir.remove();
    },
  };
}

/** A picture in a tree whose page shows it: what a blob upload and download go through. */
async function sendPicture(instances: Instances, space: Space): Promise<TreeBlob> {
  const bytes = new Uint8Array(256 * 1024).map((_, n) => (n * 31) % 256);
  const asset: TreeBlob = { path: '.gitbook/assets/picture.png', oid: gitBlobId(bytes), bytes };
  const sent = await sendTree(
    instances.viaFirst,
    space.id,
    [textBlob('README.md', '# Home\n\n![](.gitbook/assets/picture.png)\n'), asset],
    { oid: commitOid(1), message: 'with a picture' },
  );
  expect(sent.status, sent.text).toBe(204);
  return asset;
}

/** Checks the second instance holds and serves `asset` (sent through the first). */
async function expectServedBySecond(instances: Instances, space: Space, asset: TreeBlob) {
  const missing = await instances.viaSecond.request(
    'POST',
    `/v1/spaces/${space.id}/git/blobs/missing`,
    { body: { oids: [asset.oid] } },
  );
  expect(missing.body).toEqual({ missing: [] });
  const download = await fetch(
    `${instances.second.url}/v1/spaces/${space.id}/git/blobs/${asset.oid}`,
    { headers: { authorization: `Bearer ${instances.first.token ?? ''}` } },
  );
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(asset.bytes)).toBe(true);
  // Neither instance wrote it to its data directory.
  for (const instance of [instances.first, instances.second])
    expect(await readdir(instance.dataDir).catch(() => [])).not.toContain('blobs');
}

describe.skipIf(databaseUrl === undefined)('two instances on one PostgreSQL', () => {
  let instances: Instances;
  let second: ServeProcess;
  let viaFirst: HttpClient;
  let viaSecond: HttpClient;
  let createSpace: (http: HttpClient) => Promise<Space>;

  beforeAll(async () => {
    instances = await startInstances();
    ({ second, viaFirst, viaSecond, createSpace } = instances);
  }, 60_000);
  afterAll(async () => {
    await instances.close();
  });

  it('reads through one what was written through the other', async () => {
    const space = await createSpace(viaFirst);
    const read = await viaSecond.get(`/v1/spaces/${space.id}`);
    expect(read.status).toBe(200);
    await viaFirst.request('PATCH', `/v1/spaces/${space.id}`, { body: { title: 'Renamed' } });
    const waited = await eventually(
      async () =>
        ((await viaSecond.get(`/v1/spaces/${space.id}`)).body as Space).title === 'Renamed',
    );
    console.info(
      `a rename through one instance was read through the other after ${waited.toFixed(1)} ms`,
    );
  });

  it('serves through one a blob uploaded through the other, from PostgreSQL', async () => {
    const space = await createSpace(viaFirst);
    const asset = await sendPicture(instances, space);
    await expectServedBySecond(instances, space, asset);
    const rows = await adminQuery(`SELECT size FROM "${instances.schema}".blobs WHERE oid = $1`, [
      asset.oid,
    ]);
    expect(rows.rows).toEqual([{ size: String(asset.bytes.byteLength) }]);
  });

  it('loses nothing when change requests merge through both at once', async () => {
    const space = await createSpace(viaFirst);
    const pages = ['One', 'Two', 'Three', 'Four'];
    const opened = await Promise.all(
      pages.map(async (title, n) => {
        const http = n % 2 === 0 ? viaFirst : viaSecond;
        const changeRequest = await http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
          body: { subject: title },
        });
        const id = (changeRequest.body as { id: string }).id;
        const batch = await http.request(
          'POST',
          `/v1/spaces/${space.id}/change-requests/${id}/content`,
          {
            body: {
              changes: [{ type: 'insert_page', title, document: { markdown: `# ${title}\n` } }],
            },
          },
        );
        expect(batch.status, batch.text).toBe(200);
        return id;
      }),
    );
    const merged = await Promise.all(
      opened.map((id, n) =>
        (n % 2 === 0 ? viaSecond : viaFirst).request(
          'POST',
          `/v1/spaces/${space.id}/change-requests/${id}/merge`,
        ),
      ),
    );
    for (const result of merged) expect(result.status, result.text).toBe(200);
    for (const http of [viaFirst, viaSecond]) {
      const listed = await http.get(`/v1/spaces/${space.id}/content/pages`);
      const titles = (listed.body as { pages: { title: string }[] }).pages.map(
        (page) => page.title,
      );
      expect(titles).toEqual(expect.arrayContaining(pages));
    }
  }, 30_000);

  it('keeps serving through one when the other is killed in the middle of an import', async () => {
    const space = await createSpace(viaSecond);
    const tree = Array.from({ length: 300 }, (_, n) =>
      textBlob(`page-${String(n)}.md`, `# Page ${String(n)}\n\n${'Some text. '.repeat(50)}\n`),
    );
    // Upload everything, then kill the instance while it imports.
    for (let start = 0; start < tree.length; start += 50) {
      const sent = await viaSecond.request('POST', `/v1/spaces/${space.id}/git/blobs`, {
        body: {
          blobs: tree.slice(start, start + 50).map((file) => ({
            oid: file.oid,
            base64: Buffer.from(file.bytes).toString('base64'),
          })),
        },
      });
      expect(sent.status).toBe(204);
    }
    const importing = viaSecond
      .request('POST', `/v1/spaces/${space.id}/git/import`, {
        body: {
          tree: tree.map(({ path, oid }) => ({ path, oid })),
          commit: { oid: commitOid(3), message: 'big' },
        },
      })
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 30));
    second.child.kill('SIGKILL');
    // Killed before it answered.
    expect(await importing).toBeInstanceOf(Error);

    expect((await viaFirst.get('/v1/orgs')).status).toBe(200);
    // The import happened whole or not at all: through the survivor it can be sent again.
    const again = await sendTree(viaFirst, space.id, tree, { oid: commitOid(3), message: 'big' });
    expect(again.status, again.text).toBe(204);
    const listed = await viaFirst.get(`/v1/spaces/${space.id}/content/pages`);
    expect((listed.body as { pages: unknown[] }).pages).toHaveLength(300);
  }, 60_000);
});

describe.skipIf(databaseUrl === undefined)(
  'two instances on one PostgreSQL and one S3 bucket',
  () => {
    const bucket = 'docsync-e2e';
    let s3: S3TestServer;
    let instances: Instances;
    beforeAll(async () => {
      s3 = await startS3Server([bucket]);
      instances = await startInstances({
        DOCSYNC_BLOB_STORE: 's3',
        DOCSYNC_S3_BUCKET: bucket,
        DOCSYNC_S3_ENDPOINT: s3.endpoint,
        DOCSYNC_S3_PREFIX: 'e2e/blobs/',
        AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      });
    }, 60_000);
    afterAll(async () => {
      await instances.close();
      await s3.close();
    });

    it('serves through one a blob uploaded through the other, from the bucket', async () => {
      const space = await instances.createSpace(instances.viaFirst);
      const asset = await sendPicture(instances, space);
      await expectServedBySecond(instances, space, asset);
      const inBucket = new S3BlobStore({
        bucket,
        prefix: 'e2e/blobs/',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: s3.credentials,
      });
      try {
        expect(await inBucket.get(asset.oid)).toEqual(asset.bytes);
      } finally {
        inBucket.close();
      }
      // Not in PostgreSQL either.
      const rows = await adminQuery(`SELECT oid FROM "${instances.schema}".blobs WHERE oid = $1`, [
        asset.oid,
      ]);
      expect(rows.rows).toEqual([]);
    });
  },
);
