import { DEFAULT_PAGE_LIMIT } from '@docsync/api';
import { BadRequestError } from '../errors.js';
import { decodeCursor, encodeCursor, type PageRequest } from '../pagination.js';

/** A ranked result: its score (higher first) and an id that breaks ties. */
export interface Ranked {
  score: number;
  key: string;
}

/** One page of ranked results, the total, and the cursor of the next page. */
export interface RankedPage<Item> {
  items: Item[];
  count: number;
  next?: { page: string };
}

const byRank = (a: Ranked, b: Ranked) =>
  b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

const after = (item: Ranked, cursor: Ranked) => byRank(cursor, item) < 0;

/**
 * Sorts results best first (ties by key) and returns the page after the cursor. The cursor is
 * the `[score, key]` of the last result shown, as the keyset lists use: a result re-ranked by
 * a write between two requests may move, but none shows twice on one walk through an unchanged
 * index.
 */
export function rankByScore<Item extends Ranked>(
  items: readonly Item[],
  request: PageRequest,
): RankedPage<Item> {
  const limit = request.limit ?? DEFAULT_PAGE_LIMIT;
  const sorted = [...items].sort(byRank);
  let rest = sorted;
  if (request.page !== undefined) {
    const [score, key] = decodeCursor(request.page, 2);
    if (typeof score !== 'number' || typeof key !== 'string')
      throw new BadRequestError(`query/page \`${request.page}\` is not a cursor this list issued`);
    rest = sorted.filter((item) => after(item, { score, key }));
  }
  const shown = rest.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    items: shown,
    count: sorted.length,
    ...(rest.length > limit && last !== undefined
      ? { next: { page: encodeCursor([last.score, last.key]) } }
      : {}),
  };
}
