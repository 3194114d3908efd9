import type { CreateSpaceBody } from '@docsync/api';
import { nextPosition } from '../collections/sibling-order.js';
import { spaceTarget } from '../content/space-target.js';
import { writeJson } from '../resources/json-column.js';
import type { ServerContext } from '../server-context.js';
import { applyTemplate } from '../templates/apply-template.js';

/** Title of a space created without one. */
const DEFAULT_SPACE_TITLE = 'Untitled space';

/**
 * Makes a space at the end of its parent's sibling order (spaces and collections share one), with
 * the template's content when the body names one; a template that fails leaves no space. Returns
 * its id. The caller checked the parent and the level.
 */
export async function createSpace(
  ctx: ServerContext,
  request: {
    organizationId: string;
    parentId: string | null;
    body: CreateSpaceBody;
    authorId: string;
  },
): Promise<string> {
  const { organizationId, parentId, body } = request;
  const position = await nextPosition(ctx.db, { organizationId, parentId });
  const now = ctx.clock.now().toISOString();
  const id = ctx.ids();
  await ctx.db
    .insertInto('spaces')
    .values({
      id,
      organization_id: organizationId,
      parent_id: parentId,
      title: body.title ?? DEFAULT_SPACE_TITLE,
      emoji: body.emoji ?? '',
      visibility: parentId === null ? 'private' : 'in-collection',
      edit_mode: body.editMode ?? 'live',
      language: body.language ?? null,
      merge_rules: writeJson({ type: 'inherit' }),
      default_level: null,
      revision_id: ctx.ids(),
      position,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  if (body.template !== undefined) {
    try {
      await applyTemplate(ctx, spaceTarget(id), body.template, request.authorId);
    } catch (error) {
      await ctx.db.deleteFrom('spaces').where('id', '=', id).execute();
      throw error;
    }
  }
  return id;
}
