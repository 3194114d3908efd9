import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

interface RequestRow {
  change_request_id: string;
  user_id: string;
  requested_at: string;
  head_revision_id: string;
}

/**
 * A review request records the change request's revision when it was made (the public API's
 * `revision` of a requested reviewer, issue 22). Back-fill: the revision that was the change
 * request's head then — walking back from its head now, the newest made at or before the request
 * (its oldest if none was).
 */
export const reviewRequestRevision: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('change_request_review_requests')
      .addColumn('revision_id', 'text')
      .execute();
    const { rows } = await sql<RequestRow>`
      SELECT r.change_request_id, r.user_id, r.requested_at, c.head_revision_id
      FROM change_request_review_requests r
      JOIN change_requests c ON c.id = r.change_request_id`.execute(db);
    for (const row of rows) {
      let revision: string | null = row.head_revision_id;
      let found = revision;
      while (revision !== null) {
        const stored: { parent_id: string | null; created_at: string } | undefined = (
          await sql<{ parent_id: string | null; created_at: string }>`
            SELECT parent_id, created_at FROM content_revisions WHERE id = ${revision}`.execute(db)
        ).rows[0];
        if (stored === undefined) break;
        found = revision;
        if (stored.created_at <= row.requested_at) break;
        revision = stored.parent_id;
      }
      await sql`UPDATE change_request_review_requests SET revision_id = ${found}
        WHERE change_request_id = ${row.change_request_id} AND user_id = ${row.user_id}`.execute(
        db,
      );
    }
  },
};
