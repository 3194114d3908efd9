import { BadRequestError } from '../errors.js';
import { loadPage, type PageRequest } from '../pagination.js';

/**
 * One page of a list the site shows in its own order (depth first through sections and groups),
 * with `present` applied to the page's rows. The list is read whole (a site holds tens of items),
 * so the cursor is the last row's place and id: the next page starts after that row where it is
 * now, or at its former place when it is gone, so nothing is repeated.
 */
export async function pageInOrder<Row extends { id: string }, Item>(
  rows: readonly Row[],
  request: PageRequest,
  present: (row: Row) => Item,
): Promise<{ items: Item[]; count: number; next?: { page: string } }> {
  const page = await loadPage(
    request,
    2,
    (after, take) => {
      let start = 0;
      if (after !== undefined) {
        const [place, id] = after;
        if (typeof place !== 'number' || typeof id !== 'string' || !Number.isInteger(place))
          throw new BadRequestError(
            `query/page \`${request.page ?? ''}\` is not a cursor this list issued`,
          );
        const at = rows.findIndex((row) => row.id === id);
        start = at >= 0 ? at + 1 : Math.max(place, 0);
      }
      return Promise.resolve(
        rows.slice(start, start + take).map((row, offset) => ({ row, place: start + offset })),
      );
    },
    ({ row, place }) => [place, row.id],
  );
  return {
    items: page.rows.map(({ row }) => present(row)),
    count: rows.length,
    ...(page.next === undefined ? {} : { next: page.next }),
  };
}
