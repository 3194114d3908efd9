import pMap from 'p-map';
import { gitBlobId } from '@docsync/core';
import type { BlobStore } from '../blobs/blob-store.js';
import { decodeBase64 } from '../blobs/base64.js';
import { BadRequestError } from '../errors.js';

/** A blob as uploaded: the id the client claims and the bytes in base64. */
export interface UploadedBlob {
  oid: string;
  base64: string;
}

/**
 * Checks every uploaded blob against its id, then stores them. Nothing is stored unless every
 * blob checks out, so a bad upload leaves the store as it was: 400 names the first bad blob.
 * Returns the blobs stored: their ids and bytes.
 */
export async function storeBlobs(
  blobs: BlobStore,
  uploaded: readonly UploadedBlob[],
): Promise<{ oid: string; bytes: Uint8Array }[]> {
  const decoded = uploaded.map((blob, index) => {
    const bytes = decodeBase64(blob.base64);
    if (bytes === undefined)
      throw new BadRequestError(`body/blobs/${index}/base64 is not valid base64`);
    const actual = gitBlobId(bytes);
    if (actual !== blob.oid)
      throw new BadRequestError(
        `body/blobs/${index}: the bytes have blob id \`${actual}\`, not \`${blob.oid}\``,
      );
    return bytes;
  });
  const stored = decoded.map((bytes, index) => ({
    oid: (uploaded[index] as UploadedBlob).oid,
    bytes,
  }));
  if (blobs.putMany !== undefined) {
    await blobs.putMany(stored);
    return stored;
  }
  // A few at once: each put is a stat, a folder, a write and a rename, and one after another a
  // first push's thousands of blobs waited on the file system's thread pool four times each.
  return pMap(decoded, async (bytes) => ({ oid: await blobs.put(bytes), bytes }), {
    concurrency: PUTS,
  });
}

/** Blob writes in flight at once. */
const PUTS = 16;
