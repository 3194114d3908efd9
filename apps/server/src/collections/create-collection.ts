import type { ServerContext } from '../server-context.js';
import { nextPosition } from './sibling-order.js';

/** Title of a collection created without one. */
const DEFAULT_COLLECTION_TITLE = 'Untitled collection';

/**
 * Makes a collection at the end of its parent's sibling order (spaces and collections share
 * one) and returns its id. The caller checked the parent and the level.
 */
export async function createCollection(
  ctx: Pick<ServerContext, 'db' | 'ids' | 'clock'>,
  request: { organizationId: string; parentId: string | null; title: string | undefined },
): Promise<string> {
  const { organizationId, parentId } = request;
  const id = ctx.ids();
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const position = await nextPosition(trx, { organizationId, parentId });
    await trx
      .insertInto('collections')
      .values({
        id,
        organization_id: organizationId,
        parent_id: parentId,
        title: request.title ?? DEFAULT_COLLECTION_TITLE,
        description: null,
        default_level: null,
        position,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return id;
}
