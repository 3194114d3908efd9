import type { Db } from '../storage/schema.js';

/** The columns of a page row a reader selects (its revision is the one asked about). */
const COLUMNS = ['page_id', 'parent_id', 'position', 'path', 'document_hash', 'fields'] as const;

/** `position` of a tombstone: a base page that an overlaying revision removed. */
export const REMOVED_POSITION = -1;

/**
 * The page rows of a revision as a table named `content_pages` (without `revision_id`): its own
 * rows but tombstones, and the rows of its `pages_base` (see migration 010) that it neither
 * replaces nor removes. Select and filter it like the table, e.g.
 * `db.selectFrom(revisionPages(db, id)).select('page_id').where('page_id', '=', pageId)`.
 */
export function revisionPages(db: Db, revisionId: string) {
  const own = db
    .selectFrom('content_pages')
    .select(COLUMNS)
    .where('revision_id', '=', revisionId)
    .where('position', '>=', 0);
  const inherited = db
    .selectFrom('content_pages as inherited')
    .innerJoin('content_revisions as overlay', 'overlay.pages_base', 'inherited.revision_id')
    .select(COLUMNS.map((column) => `inherited.${column}` as const))
    .where('overlay.id', '=', revisionId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('content_pages as replaced')
            .select('replaced.page_id')
            .where('replaced.revision_id', '=', revisionId)
            .whereRef('replaced.page_id', '=', 'inherited.page_id'),
        ),
      ),
    );
  return own.unionAll(inherited).as('content_pages');
}

/**
 * The id of the revision whose file rows `revisionId` has (its `files_from`, or itself), as a
 * subquery to compare `content_files.revision_id` with.
 */
export function filesRevision(db: Db, revisionId: string) {
  return db
    .selectFrom('content_revisions')
    .select((eb) => eb.fn.coalesce('files_from', 'id').as('id'))
    .where('id', '=', revisionId);
}
