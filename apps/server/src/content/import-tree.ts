import type { RevisionGit } from '@docsync/api';
import { treeToRevision, type TreeFile } from '@docsync/core';
import { ConflictError } from '../errors.js';
import type { ServerContext } from '../server-context.js';
import { spaceRevision } from './space-revision.js';
import { writeRevision } from './write-revision.js';

/** What to import into a space's main content. */
export interface TreeImport {
  spaceId: string;
  /** The tree, with text for markdown and YAML (see `readTreeBlobs`). */
  files: readonly TreeFile[];
  /** The commit the tree came from, recorded on the revision. */
  git: RevisionGit;
  authorId: string;
  /** Make a revision even when the space is already at this commit. */
  force?: boolean | undefined;
}

/** What an import did. */
export interface TreeImportResult {
  /** The space's revision afterwards. */
  revisionId: string;
  /** False when the space was already at this commit and nothing was written. */
  created: boolean;
}

/**
 * How often an import rebuilds on top of a revision another writer moved the space to before it
 * gives up with 409. Each retry means another writer succeeded, so the space is making progress.
 */
const MAX_ATTEMPTS = 5;

/** Thrown inside the transaction when the space moved on; rolls back what was written. */
class RevisionMoved extends Error {
  override name = 'RevisionMoved';
}

/**
 * Imports a tree as the next revision of a space's main content. The converter reads it with the
 * current revision as `base`, so pages and files keep their ids. The revision is written and the
 * space moved to it in one transaction, by compare-and-swap on the revision it was built on: when
 * another writer got there first, nothing is kept and the import is rebuilt on the new revision.
 * A space already at the commit is left as it is (the same commit imported twice makes one
 * revision), unless `force` is set.
 */
export async function importTree(
  ctx: ServerContext,
  request: TreeImport,
): Promise<TreeImportResult> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const space = await ctx.db
      .selectFrom('spaces')
      .select(['id', 'revision_id', 'created_at'])
      .where('id', '=', request.spaceId)
      .executeTakeFirstOrThrow();
    const current = await spaceRevision(ctx.db, space);
    if (current.git?.oid === request.git.oid && request.force !== true)
      return { revisionId: current.id, created: false };

    const read = treeToRevision(request.files, {
      base: current.content,
      idNamespace: request.spaceId,
    });
    const id = ctx.ids();
    const now = ctx.clock.now().toISOString();
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await writeRevision(trx, {
          id,
          spaceId: request.spaceId,
          parentId: current.id,
          type: 'edits',
          git: request.git,
          authorId: request.authorId,
          createdAt: now,
          content: read.content,
          config: read.config,
        });
        const moved = await trx
          .updateTable('spaces')
          .set({ revision_id: id, updated_at: now })
          .where('id', '=', request.spaceId)
          .where('revision_id', '=', current.id)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new RevisionMoved();
      });
      return { revisionId: id, created: true };
    } catch (error) {
      if (!(error instanceof RevisionMoved)) throw error;
    }
  }
  throw new ConflictError(
    `The space changed ${MAX_ATTEMPTS} times while the tree was imported; try again`,
  );
}
