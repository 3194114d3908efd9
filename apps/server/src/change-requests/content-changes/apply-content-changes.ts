import type { ContentChange, ContentChangeResult } from '@docsync/api';
import type { ParsedPage } from '@docsync/core';
import { recordSpaceBlobs } from '../../blobs/space-blobs.js';
import { advanceRevision } from '../../content/advance-revision.js';
import { loadRevision } from '../../content/load-revision.js';
import { ConflictError } from '../../errors.js';
import type { ServerContext } from '../../server-context.js';
import type { ChangeRequestRow } from '../change-request-row.js';
import { changeRequestTarget } from '../change-request-target.js';
import { batchState, type BatchState } from './batch-state.js';
import { deletePage } from './delete-page.js';
import { insertFiles } from './insert-files.js';
import { insertPage } from './insert-page.js';
import { revertPage } from './revert-page.js';
import { updatePage } from './update-page.js';

/** Applies one kind of operation to the batch state. */
type Handler<Type extends ContentChange['type']> = (
  change: Extract<ContentChange, { type: Type }>,
  index: number,
  state: BatchState,
) => ContentChangeResult | Promise<ContentChangeResult>;

/** One handler per operation type. */
const handlers: { [Type in ContentChange['type']]: Handler<Type> } = {
  insert_page: insertPage,
  update_page: updatePage,
  delete_page: deletePage,
  revert_page: revertPage,
  insert_files: insertFiles,
};

/** A batch of content operations for a change request. */
export interface ContentChanges {
  changeRequest: Pick<ChangeRequestRow, 'id' | 'space_id'>;
  changes: readonly ContentChange[];
  /** The head the batch was written against; 409 when the change request moved on. */
  revision?: string | undefined;
  authorId: string;
}

/** What a batch did: the change request's new head and each operation's result. */
export interface AppliedContentChanges {
  revisionId: string;
  results: ContentChangeResult[];
}

/**
 * Applies a batch to a change request, all or nothing: the operations run in order on a copy
 * of the head's content, and only when every one checks out are the new files' bytes stored
 * and the result written as the next head (compare-and-swap; a lost race replays the batch on
 * the new head unless `revision` pinned the one it was written against). The first invalid
 * operation is a 400 naming its index, and nothing is written.
 */
export async function applyContentChanges(
  ctx: ServerContext,
  request: ContentChanges,
): Promise<AppliedContentChanges> {
  const { id: changeRequestId, space_id: spaceId } = request.changeRequest;
  let results: ContentChangeResult[] = [];
  // A batch replayed on a newer head (a lost race) parses its markdown once.
  const parses = new Map<string, Promise<ParsedPage>>();
  const parseMarkdown = (markdown: string, field: string): Promise<ParsedPage> => {
    let parsed = parses.get(field);
    if (parsed === undefined) {
      parsed = ctx.markdown.parse(markdown, field);
      parses.set(field, parsed);
    }
    return parsed;
  };
  const advanced = await advanceRevision(
    ctx,
    changeRequestTarget(spaceId, changeRequestId, request.authorId),
    async (current) => {
      if (request.revision !== undefined && request.revision !== current.id)
        throw new ConflictError(
          `The change request is at revision \`${current.id}\`, not \`${request.revision}\``,
        );
      const row = await ctx.db
        .selectFrom('change_requests')
        .select('base_revision_id')
        .where('id', '=', changeRequestId)
        .executeTakeFirstOrThrow();
      const state = batchState(current, {
        baseRevisionId: row.base_revision_id,
        newId: ctx.ids,
        parseMarkdown,
        loadRevision: async (revisionId, pageId) => {
          const loaded = await loadRevision(ctx, revisionId, { documents: [pageId] });
          // The base may be a revision a duplicated space started on, made in its source.
          return loaded?.spaceId === spaceId || revisionId === row.base_revision_id
            ? loaded
            : undefined;
        },
      });
      results = [];
      for (const [index, change] of request.changes.entries()) {
        const handler = handlers[change.type] as Handler<typeof change.type>;
        results.push(await handler(change, index, state));
      }
      const oids: string[] = [];
      for (const bytes of state.blobs) oids.push(await ctx.blobs.put(bytes));
      // The space holds what it uploaded, as through `git/blobs`.
      await recordSpaceBlobs(ctx.db, spaceId, oids);
      return {
        kind: 'write',
        revision: {
          type: 'edits',
          content: { ...current.content, pages: state.tree.pages, files: state.files },
          config: current.config,
        },
      };
    },
    { authorId: request.authorId, load: { documents: 'all' } },
  );
  return { revisionId: advanced.revisionId, results };
}
