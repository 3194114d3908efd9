import { BadRequestError, ConflictError, NotFoundError } from '../errors.js';
import type { Db } from '../storage/schema.js';
import type { SiteTree } from './site-tree.js';
import { moveToIndex, type OrderedRow } from './structure-order.js';

/** The kinds of item a site's structure orders. */
export type StructureItemType = 'site-section' | 'site-section-group' | 'site-space';

const KIND_NAMES: Record<StructureItemType, string> = {
  'site-section': 'Site section',
  'site-section-group': 'Site section group',
  'site-space': 'Site space',
};

/** An item of the structure and its siblings (in order, without it). */
interface Located {
  row: OrderedRow;
  siblings: OrderedRow[];
}

/**
 * Finds an item and its siblings: sections and groups among the children of their parent, site
 * spaces within their section. 404 naming the kind for an item the site does not have.
 */
function locate(tree: SiteTree, type: StructureItemType, id: string): Located {
  const notFound = () => new NotFoundError(KIND_NAMES[type]);
  if (type === 'site-space') {
    const row = tree.siteSpace(id);
    if (row === undefined) throw notFound();
    return {
      row: { table: 'site_spaces', id, position: row.position },
      siblings: tree.orderedSiteSpaces(row.section_id, id),
    };
  }
  const section = type === 'site-section' ? tree.section(id) : undefined;
  const group = type === 'site-section-group' ? tree.group(id) : undefined;
  const row = section ?? group;
  if (row === undefined) throw notFound();
  const parent = section !== undefined ? section.group_id : (group?.parent_id ?? null);
  return {
    row: {
      table: section !== undefined ? 'site_sections' : 'site_section_groups',
      id,
      position: row.position,
    },
    siblings: tree.orderedChildren(parent, id),
  };
}

/**
 * `sortSiteStructure`: puts an item at the 0-based `index` among its siblings. An index past the
 * last place (the number of siblings) is a 400.
 */
export async function sortStructureItem(
  db: Db,
  tree: SiteTree,
  type: StructureItemType,
  id: string,
  index: number,
): Promise<void> {
  const { row, siblings } = locate(tree, type, id);
  if (index > siblings.length) {
    throw new BadRequestError(
      `body/position \`${index}\` is past the end: the ${KIND_NAMES[type].toLowerCase()} has ${siblings.length} siblings, so positions go from 0 to ${siblings.length}`,
    );
  }
  await moveToIndex(db, row, siblings, index);
}

/**
 * The deprecated moves: puts an item right before or after a sibling. A reference that is not
 * one of its siblings (unknown, elsewhere in the structure, or the item itself) is an invalid
 * position: 409, as for the moves of spaces and collections.
 */
export async function moveStructureItem(
  db: Db,
  tree: SiteTree,
  type: StructureItemType,
  id: string,
  position: { before?: string | undefined; after?: string | undefined },
): Promise<void> {
  const { row, siblings } = locate(tree, type, id);
  const referenceId = position.before ?? position.after ?? '';
  const at = siblings.findIndex((sibling) => sibling.id === referenceId);
  if (at === -1) {
    throw new ConflictError(
      `body/position: \`${referenceId}\` is not another item beside this ${KIND_NAMES[type].toLowerCase()} (invalid position)`,
    );
  }
  await moveToIndex(db, row, siblings, position.before === undefined ? at + 1 : at);
}
