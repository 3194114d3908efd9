import type { Collection } from '@docsync/api';
import type { Selectable } from 'kysely';
import { collectionPermissions } from '../access/permissions.js';
import { levelOf, roleOf, type Level } from '../access/roles.js';
import type { CollectionsTable } from '../storage/schema.js';
import { resourceUrls } from './resource-urls.js';

/** The API's Collection for a stored one, with permissions for a caller at `level` on it. */
export function collectionResource(
  row: Selectable<CollectionsTable>,
  level: Level,
  baseUrl: string,
): Collection {
  const collection: Collection = {
    object: 'collection',
    id: row.id,
    title: row.title,
    organization: row.organization_id,
    defaultLevel: row.default_level === null ? null : roleOf(levelOf(row.default_level)),
    urls: resourceUrls.collection(baseUrl, row.id),
    permissions: collectionPermissions(level),
  };
  if (row.description !== null) collection.description = row.description;
  if (row.parent_id !== null) collection.parent = row.parent_id;
  return collection;
}
