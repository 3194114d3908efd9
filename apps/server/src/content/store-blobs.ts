import { gitBlobId } from '@docsync/core';
import type { BlobStore } from '../blobs/blob-store.js';
import { BadRequestError } from '../errors.js';

/** A blob as uploaded: the id the client claims and the bytes in base64. */
export interface UploadedBlob {
  oid: string;
  base64: string;
}

/** Canonical base64 (padding required): `Buffer.from` would skip any other character silently. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Checks every uploaded blob against its id, then stores them. Nothing is stored unless every
 * blob checks out, so a bad upload leaves the store as it was: 400 names the first bad blob.
 * Returns the blob ids stored.
 */
export async function storeBlobs(
  blobs: BlobStore,
  uploaded: readonly UploadedBlob[],
): Promise<string[]> {
  const decoded = uploaded.map((blob, index) => {
    if (!BASE64.test(blob.base64))
      throw new BadRequestError(`body/blobs/${index}/base64 is not valid base64`);
    const bytes = new Uint8Array(Buffer.from(blob.base64, 'base64'));
    const actual = gitBlobId(bytes);
    if (actual !== blob.oid)
      throw new BadRequestError(
        `body/blobs/${index}: the bytes have blob id \`${actual}\`, not \`${blob.oid}\``,
      );
    return bytes;
  });
  const oids: string[] = [];
  for (const bytes of decoded) oids.push(await blobs.put(bytes));
  return oids;
}
