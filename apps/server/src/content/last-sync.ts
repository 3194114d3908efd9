import type { RevisionGit } from '@docsync/api';
import { readJson } from '../resources/json-column.js';
import type { Db } from '../storage/schema.js';

/** The newest revision synced with a commit, and that commit. */
export interface LastSync {
  revision: string;
  git: RevisionGit;
}

/**
 * Walks back from `revisionId` through first parents to the newest revision that records a
 * commit. The walk follows the space's own history, so a duplicate reports what it inherited and
 * nothing from the original's later revisions.
 */
export async function lastSync(db: Db, revisionId: string): Promise<LastSync | undefined> {
  let id: string | null = revisionId;
  while (id !== null) {
    const row = await db
      .selectFrom('content_revisions')
      .select(['id', 'parent_id', 'git'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    if (row.git !== null) return { revision: row.id, git: readJson(row.git) as RevisionGit };
    id = row.parent_id;
  }
  return undefined;
}
