import type { Selectable } from 'kysely';
import { canView, contentLevel, inheritedDefaultLevel } from '../access/effective-level.js';
import { findMembership } from '../access/organization-access.js';
import { levelOf, type Level } from '../access/roles.js';
import type { Caller } from '../auth/api-tokens.js';
import { NotFoundError } from '../errors.js';
import type { CollectionsTable, Db } from '../storage/schema.js';

/** A collection as the caller sees it. */
export interface CollectionAccess {
  collection: Selectable<CollectionsTable>;
  /** The caller's level on the collection (its own default level, else its ancestors'). */
  level: Level;
  /** The caller's role in the collection's organization. */
  organizationLevel: Level;
}

/**
 * Loads a collection the caller may see. Unknown collections, collections of organizations the
 * caller is not in and collections the caller has no access to all answer the same 404.
 */
export async function requireCollection(
  db: Db,
  caller: Caller,
  collectionId: string,
): Promise<CollectionAccess> {
  const collection = await db
    .selectFrom('collections')
    .selectAll()
    .where('id', '=', collectionId)
    .executeTakeFirst();
  // Built only when thrown: an error captures a stack trace, too dear for every request.
  const notFound = () => new NotFoundError('Collection');
  if (collection === undefined) throw notFound();
  const member = await findMembership(db, caller, collection.organization_id);
  if (member === undefined) throw notFound();
  const organizationLevel = levelOf(member.role);
  // The collection's own default level comes first in the chain, then its ancestors'.
  const level = contentLevel(organizationLevel, await inheritedDefaultLevel(db, collection.id));
  if (!canView(level)) throw notFound();
  return { collection, level, organizationLevel };
}

/** 404 unless `collectionId` is a collection of the organization. */
export async function requireCollectionIn(
  db: Db,
  organizationId: string,
  collectionId: string,
): Promise<void> {
  const collection = await db
    .selectFrom('collections')
    .select('id')
    .where('id', '=', collectionId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (collection === undefined) throw new NotFoundError('Collection');
}
