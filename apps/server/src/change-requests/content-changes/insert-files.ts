import type { ContentChange, ContentChangeResult } from '@docsync/api';
import { gitBlobId } from '@docsync/core';
import { invalidChange, type BatchState } from './batch-state.js';

/** Canonical base64 (padding required): `Buffer.from` would skip any other character silently. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * `insert_files`: files from inline bytes, stored as Git Sync stores assets (under
 * `.gitbook/assets/`, by git blob id). The service fetches nothing, so a `url` file is a 400.
 * The bytes are stored only once the whole batch has checked out.
 */
export function insertFiles(
  change: Extract<ContentChange, { type: 'insert_files' }>,
  index: number,
  state: BatchState,
): ContentChangeResult {
  const created = change.files.map((file, position) => {
    const field = `files/${position}`;
    if (/[/\\]/.test(file.name) || file.name === '.' || file.name === '..')
      throw invalidChange(index, `${field}/name`, `\`${file.name}\` is not a file name`);
    if (!('base64' in file))
      throw invalidChange(
        index,
        `${field}/url`,
        'docsync fetches nothing; send the bytes as `base64`',
      );
    if (!BASE64.test(file.base64))
      throw invalidChange(index, `${field}/base64`, 'not valid base64');
    const bytes = new Uint8Array(Buffer.from(file.base64, 'base64'));
    const id = state.newId();
    state.blobs.push(bytes);
    state.files.push({
      id,
      name: file.name,
      contentType: file.contentType,
      size: bytes.length,
      git: { oid: gitBlobId(bytes), path: `.gitbook/assets/${file.name}` },
    });
    return { id, name: file.name, ...(file.ref === undefined ? {} : { ref: file.ref }) };
  });
  return { object: 'created_files', files: created };
}
