import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Rows per insert of the back-fill. */
const BATCH = 500;

/**
 * Which spaces hold which blobs (`space_blobs`): the blob store is shared by the whole server, so
 * an organization may name a blob id in an import, ask whether it is missing or download it only
 * when one of its spaces holds it: uploaded it (`git/blobs`, a content batch's `insert_files`)
 * or imported a tree with it. A space moved to another organization takes its blobs along; a
 * duplicate gets its source's.
 *
 * Back-fill: every blob a revision's files or an imported tree name, for the space the revision
 * was made in.
 */
export const spaceBlobs: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('space_blobs')
      .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
      .addColumn('oid', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('space_blobs_pair', ['space_id', 'oid'])
      .execute();
    await db.schema.createIndex('space_blobs_by_oid').on('space_blobs').column('oid').execute();

    const pairs = new Set<string>();
    const files = await sql<{ space_id: string; oid: string }>`
      SELECT DISTINCT r.space_id, f.blob_oid AS oid
      FROM content_files f JOIN content_revisions r ON r.id = f.revision_id
      WHERE f.blob_oid IS NOT NULL`.execute(db);
    for (const row of files.rows) pairs.add(`${row.space_id} ${row.oid}`);
    const trees = await sql<{ space_id: string; entries: string }>`
      SELECT r.space_id, t.entries
      FROM content_trees t JOIN content_revisions r ON r.id = t.revision_id`.execute(db);
    for (const row of trees.rows)
      for (const [, oid] of JSON.parse(row.entries) as [string, string | null, number][])
        if (oid !== null) pairs.add(`${row.space_id} ${oid}`);

    const rows = [...pairs].map((pair) => {
      const [space_id = '', oid = ''] = pair.split(' ');
      return { space_id, oid };
    });
    const table = db as unknown as Kysely<{ space_blobs: { space_id: string; oid: string } }>;
    for (let start = 0; start < rows.length; start += BATCH)
      await table
        .insertInto('space_blobs')
        .values(rows.slice(start, start + BATCH))
        .onConflict((oc) => oc.columns(['space_id', 'oid']).doNothing())
        .execute();
  },
};
