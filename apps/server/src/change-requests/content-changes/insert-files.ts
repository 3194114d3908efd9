import type { ContentChange, ContentChangeResult } from '@docsync/api';
import { gitBlobId } from '@docsync/core';
import { decodeBase64 } from '../../blobs/base64.js';
import { invalidChange, type BatchState } from './batch-state.js';

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
    const bytes = decodeBase64(file.base64);
    if (bytes === undefined) throw invalidChange(index, `${field}/base64`, 'not valid base64');
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
