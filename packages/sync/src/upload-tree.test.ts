import { BadRequestError, ConflictError } from '@docsync/client';
import { gitBlobId } from '@docsync/core';
import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SyncClient } from './sync-client.js';
import { toSyncTree, type SyncFile, type SyncTree } from './sync-tree.js';
import { uploadTree, type UploadCommit } from './upload-tree.js';

/**
 * What uploadTree decides on its own (which blobs to ask about and send, in which batches, and
 * which import to send when the service refuses one), against an in-memory service that holds
 * blobs and records every request. The service's side of these requests is tested against the
 * real server in test/e2e.
 */
class BlobService {
  readonly blobs = new Set<string>();
  readonly calls: { operation: string; body: Record<string, unknown> }[] = [];
  /** The import's answer: none (it succeeds) or an error to throw, once per listed error. */
  readonly importErrors: Error[] = [];

  client(): SyncClient {
    const request = (operation: string, args: { body?: Record<string, unknown> }) => {
      const body = args.body ?? {};
      this.calls.push({ operation, body });
      if (operation === 'findMissingGitBlobs')
        return Promise.resolve({
          missing: (body['oids'] as string[]).filter((oid) => !this.blobs.has(oid)),
        });
      if (operation === 'uploadGitBlobs') {
        for (const blob of body['blobs'] as { oid: string; base64: string }[]) {
          expect(gitBlobId(Buffer.from(blob.base64, 'base64')), 'bytes match their id').toBe(
            blob.oid,
          );
          this.blobs.add(blob.oid);
        }
        return Promise.resolve(undefined);
      }
      if (operation === 'importGitRepository') {
        const refused = this.importErrors.shift();
        return refused === undefined ? Promise.resolve(undefined) : Promise.reject(refused);
      }
      return Promise.reject(new Error(`unexpected ${operation}`));
    };
    return {
      api: {
        request: request as unknown as SyncClient['api']['request'],
        listAll: () => Promise.reject(new Error('not used')),
      },
      download: () => Promise.reject(new Error('not used')),
    };
  }

  operations(): string[] {
    return this.calls.map((call) => call.operation);
  }

  uploaded(): string[][] {
    return this.calls
      .filter((call) => call.operation === 'uploadGitBlobs')
      .map((call) => (call.body['blobs'] as { oid: string }[]).map((blob) => blob.oid));
  }
}

function textTree(files: Record<string, string>): SyncTree {
  return toSyncTree(
    Object.entries(files).map(([path, text]): SyncFile => ({ path, oid: gitBlobId(text), text })),
  );
}

const repo = { fs, dir: '/nonexistent', cache: {} };
const commit: UploadCommit = { oid: 'c'.repeat(40), message: 'Docs', ref: 'refs/heads/main' };
const error = (Kind: typeof ConflictError | typeof BadRequestError, status: number) =>
  new Kind(status === 409 ? 'conflict' : 'bad-request', 'refused', {
    status,
    method: 'POST',
    url: 'http://service.test/',
  });

describe('uploadTree', () => {
  it('asks only about blobs it does not know the service has, and sends only the missing ones', async () => {
    const service = new BlobService();
    const tree = textTree({ 'README.md': '# Home\n', 'a.md': '# A\n', 'b.md': '# B\n' });
    service.blobs.add(gitBlobId('# A\n'));
    const known = new Set([gitBlobId('# Home\n')]);
    service.blobs.add(gitBlobId('# Home\n'));
    const sent = await uploadTree(repo, service.client(), 'space', tree, commit, { known });
    expect([...(service.calls[0]?.body['oids'] as string[])].sort()).toEqual(
      [gitBlobId('# A\n'), gitBlobId('# B\n')].sort(),
    );
    expect(service.uploaded()).toEqual([[gitBlobId('# B\n')]]);
    expect(sent).toEqual({ uploaded: 1, bytes: 4 });
    expect(service.operations()).toEqual([
      'findMissingGitBlobs',
      'uploadGitBlobs',
      'importGitRepository',
    ]);
    const imported = service.calls[2]?.body;
    expect(imported?.['tree']).toEqual(
      [...tree.values()].map((file) => ({ path: file.path, oid: file.oid })),
    );
    expect(imported?.['commit']).toEqual(commit);
  });

  it('sends 500 blobs a request at most, and under 4 MiB of bytes', async () => {
    const service = new BlobService();
    const many = Object.fromEntries(
      Array.from({ length: 1_201 }, (_, n) => [`p${String(n)}.md`, `# Page ${String(n)}\n`]),
    );
    const big = 'x'.repeat(3 * 1024 * 1024);
    const tree = textTree({ ...many, 'big-1.md': `${big}1\n`, 'big-2.md': `${big}2\n` });
    const sent = await uploadTree(repo, service.client(), 'space', tree, commit);
    const batches = service.uploaded();
    expect(batches.map((batch) => batch.length).every((size) => size <= 500)).toBe(true);
    expect(new Set(batches.flat()).size).toBe(1_203);
    expect(sent.uploaded).toBe(1_203);
    // The two 3 MiB files never travel in the same request.
    const bigOids = [gitBlobId(`${big}1\n`), gitBlobId(`${big}2\n`)];
    for (const batch of batches)
      expect(batch.filter((oid) => bigOids.includes(oid)).length).toBeLessThanOrEqual(1);
  });

  it('from a base the service holds, sends only the changed paths; the whole tree when the service moved on (409)', async () => {
    const before = textTree({ 'README.md': '# Home\n', 'a.md': '# A\n', 'gone.md': '# Gone\n' });
    const tree = textTree({ 'README.md': '# Home\n', 'a.md': '# A, edited\n', 'new.md': '# N\n' });
    const base = { commit: 'b'.repeat(40), tree: before };

    const service = new BlobService();
    await uploadTree(repo, service.client(), 'space', tree, commit, { base });
    const imported = service.calls.find((call) => call.operation === 'importGitRepository');
    expect(imported?.body['base']).toBe(base.commit);
    expect(imported?.body['changes']).toEqual([
      { path: 'a.md', oid: gitBlobId('# A, edited\n') },
      { path: 'gone.md' },
      { path: 'new.md', oid: gitBlobId('# N\n') },
    ]);
    expect(imported?.body['tree']).toBeUndefined();

    const moved = new BlobService();
    moved.importErrors.push(error(ConflictError, 409));
    await uploadTree(repo, moved.client(), 'space', tree, commit, { base });
    const imports = moved.calls.filter((call) => call.operation === 'importGitRepository');
    expect(imports.map((call) => Object.keys(call.body).includes('tree'))).toEqual([false, true]);
  });

  it('when a blob it took as known is missing after all (400), asks about every blob and imports again', async () => {
    const service = new BlobService();
    const tree = textTree({ 'README.md': '# Home\n', 'a.md': '# A\n' });
    // Known, but the service lost it (a restored backup): the first import is refused.
    const known = new Set([gitBlobId('# Home\n')]);
    service.importErrors.push(error(BadRequestError, 400));
    const sent = await uploadTree(repo, service.client(), 'space', tree, commit, { known });
    expect(service.operations()).toEqual([
      'findMissingGitBlobs',
      'uploadGitBlobs',
      'importGitRepository',
      'findMissingGitBlobs',
      'uploadGitBlobs',
      'importGitRepository',
    ]);
    expect(service.uploaded()).toEqual([[gitBlobId('# A\n')], [gitBlobId('# Home\n')]]);
    expect(sent.uploaded).toBe(2);

    // Without anything taken as known, a refused import is the caller's to report.
    const plain = new BlobService();
    plain.importErrors.push(error(BadRequestError, 400));
    await expect(uploadTree(repo, plain.client(), 'space', tree, commit)).rejects.toBeInstanceOf(
      BadRequestError,
    );
  });
});
