import type {
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  SiteStructure,
  SiteStructureItem,
} from '@docsync/api';
import type { GroupRow, SectionRow, SiteSpaceRow } from '../sites/site-tree.js';
import type { SiteView } from '../sites/site-view.js';
import { publishedUrlWith } from './site-resource.js';

/**
 * The site's published URL extended by the paths of what is not the default: the default section
 * and the default site space of a section are served at their parent's address.
 */
function publishedUrl(
  view: SiteView,
  parts: readonly { path: string; is_default: unknown }[],
): { published?: string } {
  if (view.publishedUrl === undefined) return {};
  const segments = parts.filter((part) => !part.is_default).map((part) => part.path);
  return { published: publishedUrlWith(view.publishedUrl, segments) };
}

/** The API's SiteSpace for a site space of the view. */
export function siteSpaceResource(view: SiteView, row: SiteSpaceRow): SiteSpace {
  const section = row.section_id === null ? undefined : view.tree.section(row.section_id);
  const siteSpace: SiteSpace = {
    object: 'site-space',
    id: row.id,
    title: row.space.title,
    path: row.path,
    space: view.spaceOf(row),
    default: Boolean(row.is_default),
    urls: publishedUrl(view, section === undefined ? [row] : [section, row]),
  };
  if (row.section_id !== null) siteSpace.section = row.section_id;
  if (row.condition !== null) siteSpace.condition = row.condition;
  return siteSpace;
}

/** The API's SiteSection for a section of the view, with its site spaces in order. */
export function siteSectionResource(view: SiteView, row: SectionRow): SiteSection {
  const section: SiteSection = {
    object: 'site-section',
    id: row.id,
    title: row.title,
    path: row.path,
    default: Boolean(row.is_default),
    siteSpaces: view.tree
      .siteSpacesIn(row.id)
      .map((siteSpace) => siteSpaceResource(view, siteSpace)),
    urls: publishedUrl(view, [row]),
  };
  if (row.description !== null) section.description = row.description;
  if (row.condition !== null) section.condition = row.condition;
  if (row.group_id !== null) section.sectionGroup = row.group_id;
  if (row.icon !== null) section.icon = row.icon;
  return section;
}

/**
 * The API's SiteSectionGroup. Its `children` are SiteSections only (the contract's shape), so the
 * sections of groups nested in it are listed in its children in their place, each naming its own
 * group in `sectionGroup`; the section group list shows every group with its parent.
 */
export function siteSectionGroupResource(view: SiteView, row: GroupRow): SiteSectionGroup {
  const children = view.tree
    .sectionsUnder(row.id)
    .map((section) => siteSectionResource(view, section));
  // `sections` is the client's deprecated (and required) twin of `children`: the same sections.
  const group: SiteSectionGroup = {
    object: 'site-section-group',
    id: row.id,
    title: row.title,
    sections: children,
    children,
  };
  if (row.parent_id !== null) group.sectionGroup = row.parent_id;
  if (row.icon !== null) group.icon = row.icon;
  return group;
}

/**
 * What the site shows, in order: its top-level sections and section groups when it has sections,
 * otherwise its site spaces.
 */
export function siteStructureResource(view: SiteView): SiteStructure {
  const { tree } = view;
  if (!tree.hasSections) {
    return {
      type: 'siteSpaces',
      structure: tree.siteSpacesIn(null).map((row) => siteSpaceResource(view, row)),
    };
  }
  return {
    type: 'sections',
    structure: tree
      .childrenOf(null)
      .map((child) =>
        child.kind === 'section'
          ? siteSectionResource(view, child.row)
          : siteSectionGroupResource(view, child.row),
      ),
  };
}

/** Item `id` of a site's structure, of the given type, as the API shows it. */
export function siteStructureItemResource(
  view: SiteView,
  type: 'site-section' | 'site-section-group' | 'site-space',
  id: string,
): SiteStructureItem {
  const { tree } = view;
  if (type === 'site-section') return siteSectionResource(view, tree.requireSection(id));
  if (type === 'site-section-group') return siteSectionGroupResource(view, tree.requireGroup(id));
  return siteSpaceResource(view, tree.requireSiteSpace(id));
}
