import type { Selectable } from 'kysely';
import { NotFoundError } from '../errors.js';
import type {
  Db,
  SiteSectionGroupsTable,
  SiteSectionsTable,
  SiteSpacesTable,
  SitesTable,
  SpacesTable,
} from '../storage/schema.js';
import type { OrderedRow } from './structure-order.js';

/** A stored site. */
export type SiteRow = Selectable<SitesTable>;
/** A stored section. */
export type SectionRow = Selectable<SiteSectionsTable>;
/** A stored section group. */
export type GroupRow = Selectable<SiteSectionGroupsTable>;
/** A stored site space with the space it shows. */
export type SiteSpaceRow = Selectable<SiteSpacesTable> & { space: Selectable<SpacesTable> };

/** A child of the site's top level or of a group: sections and groups share one order. */
export type StructureChild =
  { kind: 'section'; row: SectionRow } | { kind: 'group'; row: GroupRow };

function notFound(kind: string): never {
  throw new NotFoundError(kind);
}

/** Sibling order: `position`, ties broken by id (the same on both databases). */
export function byPosition(a: { position: number; id: string }, b: typeof a): number {
  return a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * A site and its whole structure, loaded in four queries: sites hold tens of sections and site
 * spaces, so every read and write works on the structure in memory. Rows are in sibling order.
 */
export class SiteTree {
  readonly site: SiteRow;
  readonly sections: readonly SectionRow[];
  readonly groups: readonly GroupRow[];
  readonly siteSpaces: readonly SiteSpaceRow[];

  constructor(
    site: SiteRow,
    sections: readonly SectionRow[],
    groups: readonly GroupRow[],
    siteSpaces: readonly SiteSpaceRow[],
  ) {
    this.site = site;
    this.sections = [...sections].sort(byPosition);
    this.groups = [...groups].sort(byPosition);
    this.siteSpaces = [...siteSpaces].sort(byPosition);
  }

  /** Loads the structure of `site`. Site spaces of deleted spaces are left out. */
  static async load(db: Db, site: SiteRow): Promise<SiteTree> {
    const [sections, groups, siteSpaces] = await Promise.all([
      db.selectFrom('site_sections').selectAll().where('site_id', '=', site.id).execute(),
      db.selectFrom('site_section_groups').selectAll().where('site_id', '=', site.id).execute(),
      db.selectFrom('site_spaces').selectAll().where('site_id', '=', site.id).execute(),
    ]);
    const spaceIds = siteSpaces.map((row) => row.space_id);
    const spaces =
      spaceIds.length === 0
        ? []
        : await db
            .selectFrom('spaces')
            .selectAll()
            .where('id', 'in', spaceIds)
            .where('deleted_at', 'is', null)
            .execute();
    const spaceById = new Map(spaces.map((space) => [space.id, space]));
    const shown = siteSpaces.flatMap((row) => {
      const space = spaceById.get(row.space_id);
      return space === undefined ? [] : [{ ...row, space }];
    });
    return new SiteTree(site, sections, groups, shown);
  }

  /** Whether the site is arranged in sections (else its site spaces sit at its top level). */
  get hasSections(): boolean {
    return this.sections.length > 0;
  }

  /** Whether the site publishes anything: the audience can reach it only then. */
  get published(): boolean {
    return this.siteSpaces.length > 0;
  }

  /** Section `id`, if the site has it. */
  section(id: string): SectionRow | undefined {
    return this.sections.find((row) => row.id === id);
  }

  /** Section group `id`, if the site has it. */
  group(id: string): GroupRow | undefined {
    return this.groups.find((row) => row.id === id);
  }

  /** Site space `id`, if the site has it (and its space is not deleted). */
  siteSpace(id: string): SiteSpaceRow | undefined {
    return this.siteSpaces.find((row) => row.id === id);
  }

  /** Section `id`; 404 when the site has none. */
  requireSection(id: string): SectionRow {
    return this.section(id) ?? notFound('Site section');
  }

  /** Section group `id`; 404 when the site has none. */
  requireGroup(id: string): GroupRow {
    return this.group(id) ?? notFound('Site section group');
  }

  /** Site space `id`; 404 when the site has none. */
  requireSiteSpace(id: string): SiteSpaceRow {
    return this.siteSpace(id) ?? notFound('Site space');
  }

  /** The site space showing `spaceId`, if the site publishes it. */
  siteSpaceOfSpace(spaceId: string): SiteSpaceRow | undefined {
    return this.siteSpaces.find((row) => row.space_id === spaceId);
  }

  /** The sections and groups directly under group `groupId` (null: the top level), in order. */
  childrenOf(groupId: string | null): StructureChild[] {
    const children: (StructureChild & { position: number; id: string })[] = [
      ...this.sections
        .filter((row) => row.group_id === groupId)
        .map((row) => ({ kind: 'section' as const, row, position: row.position, id: row.id })),
      ...this.groups
        .filter((row) => row.parent_id === groupId)
        .map((row) => ({ kind: 'group' as const, row, position: row.position, id: row.id })),
    ];
    return children.sort(byPosition).map(({ kind, row }) => ({ kind, row }) as StructureChild);
  }

  /** Every section under group `groupId` (null: the whole site), depth first, in order. */
  sectionsUnder(groupId: string | null): SectionRow[] {
    return this.childrenOf(groupId).flatMap((child) =>
      child.kind === 'section' ? [child.row] : this.sectionsUnder(child.row.id),
    );
  }

  /** Every group under group `groupId` (null: the whole site), depth first, in order. */
  groupsUnder(groupId: string | null): GroupRow[] {
    return this.childrenOf(groupId).flatMap((child) =>
      child.kind === 'group' ? [child.row, ...this.groupsUnder(child.row.id)] : [],
    );
  }

  /** Every site space in the order the site shows them: section by section, or its top level. */
  siteSpacesInOrder(): SiteSpaceRow[] {
    return [
      ...this.sectionsUnder(null).flatMap((section) => this.siteSpacesIn(section.id)),
      ...this.siteSpacesIn(null),
    ];
  }

  /** The site spaces of section `sectionId` (null: the top level), in order. */
  siteSpacesIn(sectionId: string | null): SiteSpaceRow[] {
    return this.siteSpaces.filter((row) => row.section_id === sectionId);
  }

  /** The default section; undefined for a site without sections. */
  defaultSection(): SectionRow | undefined {
    return this.sections.find((row) => Boolean(row.is_default));
  }

  /** The default site space of section `sectionId` (null: the top level). */
  defaultSiteSpaceIn(sectionId: string | null): SiteSpaceRow | undefined {
    return this.siteSpacesIn(sectionId).find((row) => Boolean(row.is_default));
  }

  /** {@link childrenOf} as rows of a sibling order, leaving out `exceptId`. */
  orderedChildren(groupId: string | null, exceptId?: string): OrderedRow[] {
    return this.childrenOf(groupId)
      .filter((child) => child.row.id !== exceptId)
      .map(({ kind, row }) => ({
        table: kind === 'section' ? 'site_sections' : 'site_section_groups',
        id: row.id,
        position: row.position,
      }));
  }

  /** {@link siteSpacesIn} as rows of a sibling order, leaving out `exceptId`. */
  orderedSiteSpaces(sectionId: string | null, exceptId?: string): OrderedRow[] {
    return this.siteSpacesIn(sectionId)
      .filter((row) => row.id !== exceptId)
      .map((row) => ({ table: 'site_spaces', id: row.id, position: row.position }));
  }
}
