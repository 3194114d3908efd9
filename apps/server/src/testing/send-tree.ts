import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gitBlobId } from '@docsync/core';
import type { HttpClient, HttpResult } from '@docsync/test-utils';

/** A file of a tree to send: its path, blob id and bytes. */
export interface TreeBlob {
  path: string;
  oid: string;
  bytes: Uint8Array;
}

/** A file of a tree from its text. */
export function textBlob(path: string, text: string): TreeBlob {
  const bytes = new TextEncoder().encode(text);
  return { path, oid: gitBlobId(bytes), bytes };
}

/** Every file under `dir`, paths relative to it (`/`-separated), sorted. */
export function readTreeFromDisk(dir: string): TreeBlob[] {
  const walk = (current: string): string[] =>
    readdirSync(current).flatMap((name) => {
      const path = join(current, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(dir)
    .sort()
    .map((path) => {
      const bytes = new Uint8Array(readFileSync(path));
      return { path: relative(dir, path).split('\\').join('/'), oid: gitBlobId(bytes), bytes };
    });
}

/** Uploads per request: keeps each body well under the server's 8 MiB default. */
const UPLOAD_BATCH = 20;

/**
 * Sends a tree as a daemon does: asks which blobs are missing, uploads those, imports the tree
 * with the commit, into the main content or `changeRequest`. Returns the import's response (204
 * on success).
 */
export async function sendTree(
  http: HttpClient,
  spaceId: string,
  tree: readonly TreeBlob[],
  commit: { oid: string; message: string },
  options: { changeRequest?: string; mainRevision?: string } = {},
): Promise<HttpResult> {
  const missing = await http.request('POST', `/v1/spaces/${spaceId}/git/blobs/missing`, {
    body: { oids: tree.map((file) => file.oid) },
  });
  if (missing.status !== 200) return missing;
  const lacking = new Set((missing.body as { missing: string[] }).missing);
  const upload = [
    ...new Map(tree.filter((f) => lacking.has(f.oid)).map((f) => [f.oid, f])).values(),
  ];
  for (let start = 0; start < upload.length; start += UPLOAD_BATCH) {
    const sent = await http.request('POST', `/v1/spaces/${spaceId}/git/blobs`, {
      body: {
        blobs: upload.slice(start, start + UPLOAD_BATCH).map((file) => ({
          oid: file.oid,
          base64: Buffer.from(file.bytes).toString('base64'),
        })),
      },
    });
    if (sent.status !== 204) return sent;
  }
  return http.request('POST', `/v1/spaces/${spaceId}/git/import`, {
    body: { tree: tree.map(({ path, oid }) => ({ path, oid })), commit, ...options },
  });
}

/** A commit id for tests: 40 hex digits derived from `n`. */
export function commitOid(n: number): string {
  return n.toString(16).padStart(40, '0');
}
