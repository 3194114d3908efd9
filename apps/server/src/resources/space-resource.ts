import type { EditMode, Language, MergeRules, Space } from '@docsync/api';
import type { Selectable } from 'kysely';
import { spacePermissions } from '../access/permissions.js';
import { levelOf, roleOf, type Level } from '../access/roles.js';
import type { SpacesTable } from '../storage/schema.js';
import { readJson } from './json-column.js';
import { resourceUrls } from './resource-urls.js';

/** Counts of a space's discussions and change requests. */
export interface SpaceActivity {
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
}

/** The API's Space for a stored one, with permissions for a caller at `level` on it. */
export function spaceResource(
  row: Selectable<SpacesTable>,
  level: Level,
  activity: SpaceActivity,
  baseUrl: string,
): Space {
  const space: Space = {
    object: 'space',
    id: row.id,
    title: row.title,
    emoji: row.emoji,
    visibility: row.visibility as Space['visibility'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    mergeRules: readJson(row.merge_rules) as MergeRules,
    urls: resourceUrls.space(baseUrl, row.id),
    organization: row.organization_id,
    revision: row.revision_id,
    defaultLevel: row.default_level === null ? null : roleOf(levelOf(row.default_level)),
    ...activity,
    permissions: spacePermissions(level),
  };
  if (row.deleted_at !== null) space.deletedAt = row.deleted_at;
  if (row.edit_mode !== null) space.editMode = row.edit_mode as EditMode;
  if (row.parent_id !== null) space.parent = row.parent_id;
  if (row.language !== null) space.language = row.language as Language;
  return space;
}
