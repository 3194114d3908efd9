import { DEFAULT_PAGE_LIMIT, type ContentLink, type ContentLinkListing } from '@docsync/api';
import { BadRequestError } from '../errors.js';
import { decodeCursor, encodeCursor, type PageRequest } from '../pagination.js';
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

/**
 * A links listing: the links with `status` (all when absent), a page of them in content order,
 * `count` of those with the status, and `stats` over every link whatever the filter.
 * `brokenByChangeRequest` is how many broken links a change request adds (0 for a space).
 */
export function linkListing(
  links: readonly ResolvedLink[],
  request: PageRequest & { status?: ContentLink['status'] | undefined },
  brokenByChangeRequest = 0,
): ContentLinkListing {
  const wanted = links.filter(
    (link) => request.status === undefined || link.status === request.status,
  );
  const page = pageByIndex(wanted, request);
  return {
    items: page.items.map((link) => ({
      status: link.status,
      relation: 'reference',
      targetReference: link.targetReference,
    })),
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
