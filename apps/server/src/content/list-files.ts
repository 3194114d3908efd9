import { listByKeys, type PageRequest } from '../pagination.js';
import type { Db } from '../storage/schema.js';
import { filesRevision } from './revision-page-rows.js';

/** One page of a revision's file rows, in their order. */
export async function listRevisionFiles(db: Db, revisionId: string, request: PageRequest) {
  const files = db
    .selectFrom('content_files')
    .where('revision_id', '=', filesRevision(db, revisionId));
  return listByKeys(request, files, (q) => q.selectAll(), {
    columns: ['position'],
    keyOf: (row) => [row.position],
  });
}
