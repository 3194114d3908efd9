import type { SiteSpaceRow } from '../sites/site-tree.js';
import type { SiteVisit } from './site-visit.js';

/**
 * The path segments of a site space under its site's address, as `urls.published` has them: its
 * section's path and its own, each left out when it is the default (the default section and the
 * default site space of a section are served at their parent's address).
 */
export function siteSpaceSegments(visit: SiteVisit, row: SiteSpaceRow): string[] {
  const section = row.section_id === null ? undefined : visit.tree.section(row.section_id);
  return [...(section === undefined ? [] : [section]), row]
    .filter((part) => !part.is_default)
    .map((part) => part.path);
}

/** Where a request path leads: a site space the reader may read, and the page path within it. */
export interface SiteAddress {
  siteSpace: SiteSpaceRow;
  /** The rest of the path: the page's path in the space (`guides/install`), or '' for its first. */
  pagePath: string;
}

/**
 * The site space and page a path under the site's address names. A section's path picks the
 * section (else the default one), then a site space's path picks the site space (else the
 * section's default); what remains is the page's path. When the default one is hidden from the
 * reader (adaptive content), the first they may read stands in for it.
 */
export function resolveSiteAddress(
  visit: SiteVisit,
  segments: readonly string[],
): SiteAddress | undefined {
  let rest = [...segments];
  let sectionId: string | null = null;
  if (visit.tree.hasSections) {
    const named = visit.sections.find((row) => !row.is_default && row.path === rest[0]);
    const section =
      named ?? visit.sections.find((row) => Boolean(row.is_default)) ?? visit.sections[0];
    if (section === undefined) return undefined;
    if (named !== undefined) rest = rest.slice(1);
    sectionId = section.id;
  }
  const candidates = visit.siteSpaces.filter((row) => row.section_id === sectionId);
  const named = candidates.find((row) => !row.is_default && row.path === rest[0]);
  const siteSpace = named ?? candidates.find((row) => Boolean(row.is_default)) ?? candidates[0];
  if (siteSpace === undefined) return undefined;
  if (named !== undefined) rest = rest.slice(1);
  return { siteSpace, pagePath: rest.join('/') };
}
