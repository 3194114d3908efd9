import type { UpdateSiteSectionBody, UpdateSiteSpaceBody } from '@docsync/api';
import type { Updateable } from 'kysely';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.js';
import type { Db, SiteSectionsTable, SiteSpacesTable } from '../storage/schema.js';
import { conditionSyntaxError } from './condition-syntax.js';
import { requireActiveSpace, requireNotOnSite } from './insert-site-space.js';
import { setDefaultSiteSpace } from './site-defaults.js';
import { checkPath } from './site-paths.js';
import type { SectionRow, SiteSpaceRow, SiteTree } from './site-tree.js';

/** 400 unless `condition` is an expression (see `condition-syntax.ts`), naming where it breaks. */
export function checkCondition(condition: string | null | undefined, field: string): void {
  if (condition === undefined || condition === null) return;
  const error = conditionSyntaxError(condition);
  if (error !== undefined) {
    throw new BadRequestError(
      `${field} is not a valid condition: ${error.message} at character ${error.offset + 1}`,
    );
  }
}

/** 400 for a malformed path, 409 for one a sibling already has. */
function checkNewPath(path: string, siblingPaths: readonly string[], where: string): void {
  checkPath(path, 'body/path');
  if (siblingPaths.includes(path))
    throw new ConflictError(`Path \`${path}\` is already taken ${where}`);
}

/**
 * Applies a PATCH of a section: omitted fields are kept, `null` removes the condition, icon and
 * description. A path another section has is a 409; `defaultSiteSpace` must be one of the
 * section's site spaces (404 when the site has no such site space, 400 when it is elsewhere).
 */
export async function updateSection(
  db: Db,
  tree: SiteTree,
  section: SectionRow,
  body: UpdateSiteSectionBody,
): Promise<void> {
  const changes: Updateable<SiteSectionsTable> = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.path !== undefined && body.path !== section.path) {
    const others = tree.sections.filter((row) => row.id !== section.id).map((row) => row.path);
    checkNewPath(body.path, others, 'by another section of this site');
    changes.path = body.path;
  }
  checkCondition(body.condition, 'body/condition');
  if (body.condition !== undefined) changes.condition = body.condition;
  if (body.icon !== undefined) changes.icon = body.icon;
  if (body.description !== undefined) changes.description = body.description;
  const siteSpace =
    body.defaultSiteSpace === undefined ? undefined : tree.siteSpace(body.defaultSiteSpace);
  if (body.defaultSiteSpace !== undefined && siteSpace === undefined)
    throw new NotFoundError('Site space');
  if (siteSpace !== undefined && siteSpace.section_id !== section.id) {
    throw new BadRequestError(
      `body/defaultSiteSpace: site space \`${siteSpace.id}\` is not in section \`${section.id}\``,
    );
  }
  if (Object.keys(changes).length > 0) {
    await db.updateTable('site_sections').set(changes).where('id', '=', section.id).execute();
  }
  if (siteSpace !== undefined) await setDefaultSiteSpace(db, tree, siteSpace);
}

/**
 * Applies a PATCH of a site space: omitted fields are kept, `condition: null` removes it. A path
 * another site space of its section has is a 409; `space` (already checked as a space the caller
 * may publish) must not be on the site already (409), unless it is the one shown.
 */
export async function updateSiteSpace(
  db: Db,
  tree: SiteTree,
  siteSpace: SiteSpaceRow,
  body: UpdateSiteSpaceBody,
  space?: { id: string },
): Promise<void> {
  const changes: Updateable<SiteSpacesTable> = {};
  if (body.path !== undefined && body.path !== siteSpace.path) {
    const others = tree
      .siteSpacesIn(siteSpace.section_id)
      .filter((row) => row.id !== siteSpace.id)
      .map((row) => row.path);
    checkNewPath(body.path, others, 'by another site space here');
    changes.path = body.path;
  }
  checkCondition(body.condition, 'body/condition');
  if (body.condition !== undefined) changes.condition = body.condition;
  if (space !== undefined && space.id !== siteSpace.space_id) {
    requireNotOnSite(tree, space.id);
    await requireActiveSpace(db, space.id);
    changes.space_id = space.id;
  }
  if (Object.keys(changes).length > 0) {
    await db.updateTable('site_spaces').set(changes).where('id', '=', siteSpace.id).execute();
  }
}
