import {
  DEFAULT_PAGE_LIMIT,
  type ContentLink,
  type ContentLinkListing,
  type ContentLocation,
} from '@docsync/api';
import { BadRequestError } from '../errors.js';
import { decodeCursor, encodeCursor, type PageRequest } from '../pagination.js';
import type { LinkLocator } from './link-locations.js';
import type { ResolvedLink } from './resolve-links.js';

/** One page of items taken in list order, after the cursor (the `index` of the last shown). */
export function pageByIndex<Item extends { index: number }>(
  items: readonly Item[],
  request: PageRequest,
): { items: Item[]; next?: { page: string } } {
  const limit = request.limit ?? DEFAULT_PAGE_LIMIT;
  let after = -1;
  if (request.page !== undefined) {
    const [index] = decodeCursor(request.page, 1);
    if (typeof index !== 'number')
      throw new BadRequestError(`query/page \`${request.page}\` is not a cursor this list issued`);
    after = index;
  }
  const rest = items.filter((item) => item.index > after);
  const shown = rest.slice(0, limit);
  const last = shown[shown.length - 1];
  return rest.length > limit && last !== undefined
    ? { items: shown, next: { page: encodeCursor([last.index]) } }
    : { items: shown };
}

/** Where a link points, as a location (none when its target is gone or out of the caller's sight). */
function targetOf(link: ResolvedLink, locator: LinkLocator): Promise<ContentLocation | undefined> {
  const { ref } = link;
  switch (ref.kind) {
    case 'url':
      return Promise.resolve({ kind: 'url', url: ref.url });
    case 'page':
      return locator.page(ref.page, { space: ref.space });
    case 'anchor':
      return locator.page(ref.page ?? link.pageId, { space: ref.space, anchor: ref.anchor });
    case 'file':
      return Promise.resolve(locator.file(ref.file));
    case 'space':
      return locator.space(ref.space);
    case 'collection':
      return locator.collection(ref.collection);
  }
}

/** A link as a listing shows it: its status, where it points and the page it is on. */
async function contentLink(link: ResolvedLink, locator: LinkLocator): Promise<ContentLink> {
  const target = await targetOf(link, locator);
  const on = await locator.page(link.pageId);
  return {
    status: link.status,
    relation: 'reference',
    ...(target === undefined ? {} : { targetReference: target }),
    locationReferences: on === undefined ? [] : [on],
  };
}

/**
 * A links listing: the links with `status` (all when absent), a page of them in content order,
 * `count` of those with the status, and `stats` over every link whatever the filter.
 * `brokenByChangeRequest` is how many broken links a change request adds (0 for a space).
 */
export async function linkListing(
  links: readonly ResolvedLink[],
  locator: LinkLocator,
  request: PageRequest & { status?: ContentLink['status'] | undefined },
  brokenByChangeRequest = 0,
): Promise<ContentLinkListing> {
  const wanted = links.filter(
    (link) => request.status === undefined || link.status === request.status,
  );
  const page = pageByIndex(wanted, request);
  const items: ContentLink[] = [];
  for (const link of page.items) items.push(await contentLink(link, locator));
  return {
    items,
    count: wanted.length,
    ...(page.next === undefined ? {} : { next: page.next }),
    stats: {
      total: links.length,
      broken: {
        total: links.filter((link) => link.status === 'broken').length,
        changeRequest: brokenByChangeRequest,
      },
    },
  };
}
