import type { Db } from '../storage/schema.js';
import { atLeast, lesser, levelOf, type Level } from './roles.js';

/**
 * A member's level on a piece of content. Organization admins administrate everything. For
 * anyone else the content's `defaultLevel` applies, inherited from the nearest parent collection
 * that sets one when the content sets none; it can lower a member's organization role (a space
 * everyone may only read) but never raise it, and guests get nothing from it.
 */
export function contentLevel(memberLevel: Level, inheritedDefault: Level | undefined): Level {
  if (memberLevel === 'admin' || memberLevel === 'guest') return memberLevel;
  return inheritedDefault === undefined ? memberLevel : lesser(memberLevel, inheritedDefault);
}

/**
 * The first default level set on `collectionId` or its ancestors, nearest first; undefined when
 * none sets one. Stops on a cycle rather than looping.
 */
export async function inheritedDefaultLevel(
  db: Db,
  collectionId: string | null,
): Promise<Level | undefined> {
  const seen = new Set<string>();
  let current = collectionId;
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const collection = await db
      .selectFrom('collections')
      .select(['parent_id', 'default_level'])
      .where('id', '=', current)
      .executeTakeFirst();
    if (collection === undefined) return undefined;
    if (collection.default_level !== null) return levelOf(collection.default_level);
    current = collection.parent_id;
  }
  return undefined;
}

/** A member's level on a space: its own default level, else its collections', else the role. */
export async function spaceLevel(
  db: Db,
  memberLevel: Level,
  space: { default_level: string | null; parent_id: string | null },
): Promise<Level> {
  if (memberLevel === 'admin' || memberLevel === 'guest') return memberLevel;
  const own = space.default_level === null ? undefined : levelOf(space.default_level);
  const inherited = own ?? (await inheritedDefaultLevel(db, space.parent_id));
  return contentLevel(memberLevel, inherited);
}

/** Whether a member at `level` may see content at all. */
export function canView(level: Level): boolean {
  return atLeast(level, 'read');
}
