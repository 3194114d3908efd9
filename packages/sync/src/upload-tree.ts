import { readBlobBytes, type RepoOptions } from '@docsync/git';
import type { SyncClient } from './sync-client.js';
import type { SyncFile, SyncTree } from './sync-tree.js';

/** The commit an uploaded tree is recorded with. */
export interface UploadCommit {
  oid: string;
  message: string;
  ref: string;
  author?: { name: string; email: string };
}

/** What {@link uploadTree} sent. */
export interface UploadResult {
  /** Blobs the service lacked and received. */
  uploaded: number;
  /** Bytes of those blobs. */
  bytes: number;
}

/** The contract's cap on blob ids per negotiation. */
const NEGOTIATE_BATCH = 10_000;
/** Blobs per upload request, and their bytes: well under the server's 8 MiB body limit (base64 adds a third). */
const UPLOAD_BATCH = 500;
const UPLOAD_BYTES = 4 * 1024 * 1024;

const encoder = new TextEncoder();

async function bytesOf(repo: RepoOptions, file: SyncFile): Promise<Uint8Array> {
  if (file.bytes !== undefined) return file.bytes;
  if (file.text !== undefined) return encoder.encode(file.text);
  return readBlobBytes({ ...repo, oid: file.oid });
}

/**
 * Sends a tree into the space's main content: asks which blobs the service lacks, uploads only
 * those (batched), then imports the tree with its commit. The service leaves a space already at
 * the commit as it is, so a retried import creates nothing.
 */
export async function uploadTree(
  repo: RepoOptions,
  client: SyncClient,
  spaceId: string,
  tree: SyncTree,
  commit: UploadCommit,
): Promise<UploadResult> {
  const byOid = new Map([...tree.values()].map((file) => [file.oid, file]));
  const oids = [...byOid.keys()];
  const missing: string[] = [];
  for (let start = 0; start < oids.length; start += NEGOTIATE_BATCH) {
    const answer = await client.api.request('findMissingGitBlobs', {
      params: { spaceId },
      body: { oids: oids.slice(start, start + NEGOTIATE_BATCH) },
    });
    missing.push(...answer.missing);
  }
  let batch: { oid: string; base64: string }[] = [];
  let batchBytes = 0;
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.api.request('uploadGitBlobs', { params: { spaceId }, body: { blobs: batch } });
    batch = [];
    batchBytes = 0;
  };
  for (const oid of missing) {
    const file = byOid.get(oid);
    if (file === undefined) continue;
    const content = await bytesOf(repo, file);
    if (batch.length >= UPLOAD_BATCH || batchBytes + content.byteLength > UPLOAD_BYTES)
      await flush();
    batch.push({ oid, base64: Buffer.from(content).toString('base64') });
    batchBytes += content.byteLength;
    bytes += content.byteLength;
  }
  await flush();
  await client.api.request('importGitRepository', {
    params: { spaceId },
    body: {
      tree: [...tree.values()].map((file) => ({ path: file.path, oid: file.oid })),
      commit: {
        oid: commit.oid,
        message: commit.message,
        ref: commit.ref,
        ...(commit.author === undefined ? {} : { author: commit.author }),
      },
    },
  });
  return { uploaded: missing.length, bytes };
}
