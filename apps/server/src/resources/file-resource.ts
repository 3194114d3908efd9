import type { File } from '@docsync/api';
import type { RevisionFile } from '@docsync/core';

/**
 * Where the bytes of a file are served: docsync's blob download route, addressed by blob id so
 * that a URL handed out stays valid for as long as any revision of the space holds the file.
 */
export function downloadUrl(baseUrl: string, spaceId: string, oid: string): string {
  return `${baseUrl}/v1/spaces/${encodeURIComponent(spaceId)}/git/blobs/${oid}`;
}

/** A file of a revision as the API shows it; `metadata=false` leaves `git` out. */
export function fileResource(
  file: RevisionFile,
  options: { baseUrl: string; spaceId: string; metadata: boolean },
): File {
  // Files are only written by imports, which always carry the blob id of the bytes.
  const oid = file.git?.oid ?? '';
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: downloadUrl(options.baseUrl, options.spaceId, oid),
    size: file.size,
    ...(options.metadata && file.git !== undefined ? { git: file.git } : {}),
  };
}
