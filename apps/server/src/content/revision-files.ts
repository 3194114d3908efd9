import type { RevisionFile } from '@docsync/core';
import type { Selectable } from 'kysely';
import type { ContentFilesTable, Db } from '../storage/schema.js';
import { filesRevision } from './revision-page-rows.js';

/** A file row as the converter's file. */
export function fileFromRow(row: Selectable<ContentFilesTable>): RevisionFile {
  return {
    id: row.file_id,
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    ...(row.blob_oid === null
      ? {}
      : { git: { oid: row.blob_oid, path: row.git_path ?? row.name } }),
  };
}

/** One file of a revision, or undefined when the revision has no file with this id. */
export async function findFile(
  db: Db,
  revisionId: string,
  fileId: string,
): Promise<RevisionFile | undefined> {
  const row = await db
    .selectFrom('content_files')
    .selectAll()
    .where('revision_id', '=', filesRevision(db, revisionId))
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return row === undefined ? undefined : fileFromRow(row);
}
