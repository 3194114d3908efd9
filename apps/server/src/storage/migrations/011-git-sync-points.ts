import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect-of.js';

/** A sync point the back-fill found, before it is numbered. */
interface FoundPoint {
  spaceId: string;
  revisionId: string;
  git: string;
  at: string;
  /** Older main-line revisions first when times tie (the chain walks back from the newest). */
  order: number;
}

/** Rows per insert of the back-fill. */
const BATCH = 200;

/**
 * Git sync points (`git_sync_points`): pairs of a commit and a revision whose content that commit
 * holds, which both a sync client and the service saw, so a sync has a merge base:
 *
 * - recorded on every import of a commit into a space's main content (the commit, the revision
 *   written), on the merge of a change request whose head was imported from a commit (that
 *   commit, that head: exact, where the merged revision is not), and by a client after a pull
 *   wrote a revision's content as a commit (`POST …/git/sync-points`);
 * - `seq` orders them (timestamps can tie); `git/info`'s `lastSync` is a space's highest;
 * - one row per (space, commit, revision): recording a pair again changes nothing;
 * - `revision_id` has no foreign key: a space's first revision is reserved and has no row until
 *   content is written (an empty space can be pulled, and the pull recorded).
 *
 * Back-fill: for each space, the revisions on its main line (the first parents from its current
 * revision, a duplicate's inherited ones included) that record a commit, and the heads that
 * record one of the change requests merged into it, oldest first. So `lastSync` of existing spaces is the
 * newest of those, which for spaces without merged imported change requests is what it was.
 */
export const gitSyncPoints: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const postgres = dialectOf(db) === 'postgres';
    await db.schema
      .createTable('git_sync_points')
      // SQLite: an alias of the rowid. PostgreSQL: a sequence.
      .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
      .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
      .addColumn('commit_oid', 'text', (c) => c.notNull())
      .addColumn('commit_message', 'text', (c) => c.notNull())
      .addColumn('commit_ref', 'text')
      .addColumn('revision_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('git_sync_points_pair', ['space_id', 'commit_oid', 'revision_id'])
      .execute();
    await db.schema
      .createIndex('git_sync_points_by_space')
      .on('git_sync_points')
      .columns(['space_id', 'seq'])
      .execute();
    await backfillGitSyncPoints(db);
  },
};

/**
 * Records the sync points an existing database implies (see {@link gitSyncPoints}), oldest
 * first; pairs already recorded are skipped. Exported for the test that compares it with what
 * imports and merges record as they happen.
 */
export async function backfillGitSyncPoints(db: Kysely<unknown>): Promise<void> {
  // Each space's main line: its current revision and, back from there, first parents.
  const chain = sql`
    WITH RECURSIVE chain(space_id, id, depth) AS (
      SELECT id, revision_id, 0 FROM spaces
      UNION ALL
      SELECT chain.space_id, r.parent_id, chain.depth + 1
      FROM content_revisions r JOIN chain ON r.id = chain.id
      WHERE r.parent_id IS NOT NULL
    )`;
  const mainLine = await sql<{
    space_id: string;
    id: string;
    git: string;
    created_at: string;
    depth: number | string;
  }>`
    ${chain}
    SELECT chain.space_id, r.id, r.git, r.created_at, chain.depth
    FROM chain JOIN content_revisions r ON r.id = chain.id
    WHERE r.git IS NOT NULL`.execute(db);
  // Change requests merged into a main line (a duplicate's inherited merges included) whose head
  // records a commit.
  const merged = await sql<{ space_id: string; id: string; git: string; merged_at: string }>`
    ${chain}
    SELECT chain.space_id, r.id, r.git, cr.merged_at
    FROM chain
    JOIN change_requests cr ON cr.merged_revision_id = chain.id
    JOIN content_revisions r ON r.id = cr.head_revision_id
    WHERE cr.merged_at IS NOT NULL AND r.git IS NOT NULL`.execute(db);

  const found: FoundPoint[] = [
    ...mainLine.rows.map((row) => ({
      spaceId: row.space_id,
      revisionId: row.id,
      git: row.git,
      at: row.created_at,
      order: -Number(row.depth),
    })),
    ...merged.rows.map((row) => ({
      spaceId: row.space_id,
      revisionId: row.id,
      git: row.git,
      at: row.merged_at,
      order: 0,
    })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.order - b.order));

  const seen = new Set<string>();
  const rows = found.flatMap((point) => {
    const git = JSON.parse(point.git) as { oid?: unknown; message?: unknown; ref?: unknown };
    if (typeof git.oid !== 'string') return [];
    const key = `${point.spaceId}\u0000${git.oid}\u0000${point.revisionId}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      {
        space_id: point.spaceId,
        commit_oid: git.oid,
        commit_message: typeof git.message === 'string' ? git.message : '',
        commit_ref: typeof git.ref === 'string' ? git.ref : null,
        revision_id: point.revisionId,
        created_at: point.at,
      },
    ];
  });
  const table = db as unknown as Kysely<{ git_sync_points: (typeof rows)[number] }>;
  for (let start = 0; start < rows.length; start += BATCH)
    await table
      .insertInto('git_sync_points')
      .values(rows.slice(start, start + BATCH))
      .onConflict((oc) => oc.columns(['space_id', 'commit_oid', 'revision_id']).doNothing())
      .execute();
}
