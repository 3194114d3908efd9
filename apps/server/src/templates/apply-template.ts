import type { ContentChange, TemplateReference } from '@docsync/api';
import { batchState } from '../change-requests/content-changes/batch-state.js';
import { insertPage } from '../change-requests/content-changes/insert-page.js';
import { advanceRevision, type Advanced } from '../content/advance-revision.js';
import type { ContentTarget } from '../content/content-target.js';
import type { ServerContext } from '../server-context.js';
import { planTemplate } from './plan-template.js';

/**
 * Applies a built-in template to a target (a space's main content or a change request): its
 * pages are planned against the files of the target's current revision and inserted after the
 * pages already there, as the content batch inserts pages, and the result is written as the
 * next revision (an `edits` revision, compare-and-swap; a lost race plans again on the new
 * revision). Any invalid parameter is thrown before anything is written.
 */
export async function applyTemplate(
  ctx: ServerContext,
  target: ContentTarget,
  template: TemplateReference,
  authorId: string,
): Promise<Advanced> {
  return advanceRevision(
    ctx,
    target,
    async (current) => {
      const changes = planTemplate(template.id, template.params, current.content.files);
      const state = batchState(current, {
        baseRevisionId: current.id,
        newId: ctx.ids,
        // Only `revert_page` reads other revisions, and a template inserts pages only.
        loadRevision: () => Promise.resolve(undefined),
        parseMarkdown: (markdown, field) => ctx.markdown.parse(markdown, field),
      });
      for (const [index, change] of changes.entries())
        await insertPage(change as Extract<ContentChange, { type: 'insert_page' }>, index, state);
      return {
        kind: 'write',
        revision: {
          type: 'edits',
          content: { ...current.content, pages: state.tree.pages },
          config: current.config,
        },
      };
    },
    { authorId, load: { documents: 'all' } },
  );
}
