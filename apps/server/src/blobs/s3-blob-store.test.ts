import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startS3Server, type S3TestServer } from '@docsync/test-utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blobStoreContract } from '../testing/blob-store-contract.js';
import { S3BlobStore, type S3BlobStoreConfig } from './s3-blob-store.js';

const BUCKET = 'docsync-blobs';
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
});
afterAll(async () => {
  await s3.close();
});

const opened: S3BlobStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

/** A store on the test server's bucket, under a prefix of its own unless `overrides` name one. */
function open(overrides: Partial<S3BlobStoreConfig> = {}): S3BlobStore {
  const store = new S3BlobStore({
    bucket: BUCKET,
    prefix: `${randomBytes(4).toString('hex')}/blobs/`,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
    ...overrides,
  });
  opened.push(store);
  return store;
}

const HELLO = new TextEncoder().encode('hello\n');

describe('S3BlobStore on a real S3-compatible server', () => {
  blobStoreContract(() => Promise.resolve(open()));

  it('keeps a blob as the object <prefix><2 hex digits>/<38>', async () => {
    const store = open({ prefix: 'tenant/blobs' });
    const id = await store.put(HELLO);
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    try {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'tenant/' }),
      );
      expect(listed.Contents?.map((object) => object.Key)).toEqual([
        `tenant/blobs/${id.slice(0, 2)}/${id.slice(2)}`,
      ]);
    } finally {
      client.destroy();
    }
    expect(open({ prefix: '' }).key(id)).toBe(`ce/${id.slice(2)}`);
    expect(open({ prefix: '/a/b/' }).key(id)).toBe(`a/b/ce/${id.slice(2)}`);
    expect(open({ prefix: 'a/b' }).key('../etc/passwd')).toBeUndefined();
  });

  it('checks the bucket: present, missing, refused, unreachable', async () => {
    await open().checkBucket();
    await expect(open({ bucket: 'no-such-bucket' }).checkBucket()).rejects.toThrow(
      `the S3 bucket \`no-such-bucket\` does not exist at ${s3.endpoint}`,
    );
    const secret = 'wrong-secret-do-not-print';
    const refused = open({ credentials: { accessKeyId: 'SOMEONE', secretAccessKey: secret } });
    const error = await refused.checkBucket().then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );
    expect(error?.message).toMatch(/refused access to the S3 bucket `docsync-blobs` \(HTTP 403\)/);
    expect(error?.message).toContain('AWS_ACCESS_KEY_ID');
    expect(error?.message).not.toContain(secret);
    // A port nothing listens on: the one of a server that has just stopped.
    const gone = await startS3Server([]);
    const endpoint = gone.endpoint;
    await gone.close();
    await expect(open({ endpoint }).checkBucket()).rejects.toThrow(
      /S3 bucket `docsync-blobs` at http:\/\/127\.0\.0\.1:\d+: reaching it failed: .*ECONNREFUSED/,
    );
  });

  it('reports what S3 refused as an error, never as a missing blob, and names no secret', async () => {
    const id = await open({ prefix: 'kept/' }).put(HELLO);
    const secret = 'another-wrong-secret';
    const refused = open({
      prefix: 'kept/',
      credentials: { accessKeyId: 'SOMEONE', secretAccessKey: secret },
    });
    for (const read of [() => refused.get(id), () => refused.put(HELLO)]) {
      const error = await read().then(
        () => undefined,
        (reason: unknown) => reason as Error,
      );
      expect(error?.message).toMatch(
        /S3 bucket `docsync-blobs` at .*: (reading|reading the size of) `kept\/ce\/.*` failed with \w+ \(HTTP 403\)/,
      );
      expect(error?.message).not.toContain(secret);
    }
    await expect(open({ bucket: 'no-such-bucket' }).get(id)).rejects.toThrow(
      /S3 bucket `no-such-bucket` at .*: reading `.*` failed with NoSuchBucket \(HTTP 404\)/,
    );
  });
});
