import type { HttpClient } from '@docsync/test-utils';

/** What {@link readAllPages} gathered: every item in order and the pages it took. */
export interface AllPages<Item> {
  items: Item[];
  pages: number;
  /** `count` of the first page. */
  count: number | undefined;
}

/**
 * Follows a list endpoint's `next.page` cursors to the end, `limit` items at a time. Fails when
 * a page is not a 200, so a test reads the whole list or learns why not.
 */
export async function readAllPages<Item>(
  http: HttpClient,
  path: string,
  options: { limit: number; token?: string; query?: Record<string, string> },
): Promise<AllPages<Item>> {
  const items: Item[] = [];
  let page: string | undefined;
  let pages = 0;
  let count: number | undefined;
  do {
    const query = new URLSearchParams({
      ...options.query,
      limit: String(options.limit),
      ...(page === undefined ? {} : { page }),
    });
    const response = await http.get(`${path}?${query.toString()}`, {
      ...(options.token === undefined ? {} : { token: options.token }),
    });
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}: ${response.text}`);
    }
    const body = response.body as { items: Item[]; count?: number; next?: { page: string } };
    if (pages === 0) count = body.count;
    items.push(...body.items);
    page = body.next?.page;
    pages++;
  } while (page !== undefined);
  return { items, pages, count };
}
