import type { ContentLink } from '@docsync/api';
import type { Db } from '../storage/schema.js';
import type { LinkRef } from './collect-refs.js';
import type { LinkOccurrence, RevisionLinks } from './revision-links.js';
import { revisionPages } from '../content/revision-page-rows.js';

/** A link with its status. */
export interface ResolvedLink extends LinkOccurrence {
  status: ContentLink['status'];
}

/** Where the links are: the space (and its organization) and the service's base URL. */
export interface LinkContext {
  spaceId: string;
  organizationId: string;
  baseUrl: string;
}

/** The spaces and collections of the organization that links point to, and their pages. */
interface Elsewhere {
  spaces: ReadonlyMap<string, ReadonlySet<string>>;
  collections: ReadonlySet<string>;
}

/** Spaces, collections and pages outside the revision that links point to, in the organization. */
async function readElsewhere(
  db: Db,
  context: LinkContext,
  refs: readonly LinkRef[],
): Promise<Elsewhere> {
  const spaceIds = new Set<string>();
  const collectionIds = new Set<string>();
  for (const ref of refs) {
    if (ref.kind === 'collection') collectionIds.add(ref.collection);
    else if ('space' in ref && ref.space !== context.spaceId) spaceIds.add(ref.space);
  }
  const spaces = new Map<string, Set<string>>();
  if (spaceIds.size > 0) {
    const found = await db
      .selectFrom('spaces')
      .select(['id', 'revision_id'])
      .where('id', 'in', [...spaceIds])
      .where('organization_id', '=', context.organizationId)
      .where('deleted_at', 'is', null)
      .execute();
    for (const space of found) {
      const pages = await db
        .selectFrom(revisionPages(db, space.revision_id))
        .select('page_id')
        .execute();
      spaces.set(space.id, new Set(pages.map((page) => page.page_id)));
    }
  }
  const collections =
    collectionIds.size === 0
      ? []
      : await db
          .selectFrom('collections')
          .select('id')
          .where('id', 'in', [...collectionIds])
          .where('organization_id', '=', context.organizationId)
          .execute();
  return { spaces, collections: new Set(collections.map((collection) => collection.id)) };
}

/** Whether a URL points into the service's own app (`<base>/app/...`). */
const inApp = (url: string, baseUrl: string) =>
  url === `${baseUrl}/app` ||
  url.startsWith(`${baseUrl}/app/`) ||
  url.startsWith(`${baseUrl}/app#`);

/** A URL docsync can judge: its app (`in-app`), a page's own anchor, or a path left unresolved. */
function urlStatus(url: string, pageAnchors: ReadonlySet<string> | undefined, baseUrl: string) {
  if (inApp(url, baseUrl)) return 'in-app' as const;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('/')) return 'ok';
  if (url.startsWith('#')) {
    let anchor = url.slice(1);
    try {
      anchor = decodeURIComponent(anchor);
    } catch {
      // Kept as written.
    }
    return pageAnchors?.has(anchor) === true ? 'ok' : 'broken';
  }
  // A relative path the tree import could not resolve to a page or file of the revision.
  return 'broken';
}

/**
 * The status of every link: pages, anchors and files must be in the revision (an anchor must
 * be a heading of its page); spaces, collections and pages of other spaces must exist, active,
 * in the same organization (a link elsewhere is `broken`, so a listing reveals nothing about
 * other organizations); URLs into the service's app are `in-app`, relative paths nothing
 * resolved are `broken`, other URLs `ok` (the service fetches nothing).
 */
export async function resolveLinks(
  db: Db,
  links: RevisionLinks,
  context: LinkContext,
): Promise<ResolvedLink[]> {
  const elsewhere = await readElsewhere(
    db,
    context,
    links.occurrences.map((occurrence) => occurrence.ref),
  );
  const inSpace = (space: string | undefined) =>
    space === undefined || space === context.spaceId ? links.pages : elsewhere.spaces.get(space);

  return links.occurrences.map((occurrence) => {
    const { ref, pageId } = occurrence;
    let ok: boolean;
    switch (ref.kind) {
      case 'url':
        return {
          ...occurrence,
          status: urlStatus(ref.url, links.anchorsOf(pageId), context.baseUrl),
        };
      case 'page':
        ok = inSpace(ref.space)?.has(ref.page) === true;
        break;
      case 'anchor': {
        const page = ref.page ?? pageId;
        ok =
          ref.space === undefined || ref.space === context.spaceId
            ? links.anchorsOf(page)?.has(ref.anchor) === true
            : inSpace(ref.space)?.has(page) === true;
        break;
      }
      case 'file':
        ok = links.files.has(ref.file);
        break;
      case 'space':
        ok = inSpace(ref.space) !== undefined;
        break;
      case 'collection':
        ok = elsewhere.collections.has(ref.collection);
        break;
    }
    return { ...occurrence, status: ok ? 'ok' : 'broken' };
  });
}
