import { DEFAULT_PAGE_LIMIT } from '@docsync/api';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { BadRequestError } from './errors.js';

/**
 * Keyset pagination. A list is ordered by a unique key (e.g. `[created_at, id]`); the `page`
 * cursor is the key of the last item already returned, so each page continues strictly after it
 * however many rows were inserted or deleted meanwhile: nothing is skipped or repeated.
 *
 * Cursor format: base64url of the JSON `{"v":1,"k":[...key values]}`. Clients treat it as
 * opaque. `limit` defaults to `DEFAULT_PAGE_LIMIT` from the contract (50); the contract's schema
 * rejects anything outside 1..1000 before a handler runs.
 */

/** One value of a sort key. */
export type KeyValue = string | number;

/** `page` and `limit` as the list endpoints receive them. */
export interface PageRequest {
  page?: string | undefined;
  limit?: number | undefined;
}

/** A page of rows and, unless this is the last page, the cursor of the next one. */
export interface Page<Row> {
  rows: Row[];
  next?: { page: string };
}

/** Encodes a sort key as an opaque cursor. */
export function encodeCursor(key: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify({ v: 1, k: key }), 'utf8').toString('base64url');
}

/** Decodes a cursor this server issued for a key of `length` values; 400 for anything else. */
export function decodeCursor(page: string, length: number): KeyValue[] {
  const invalid = () =>
    new BadRequestError(`query/page \`${page}\` is not a cursor this list issued`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof parsed !== 'object' || parsed === null || !('k' in parsed)) throw invalid();
  const key = parsed.k;
  if (
    !Array.isArray(key) ||
    key.length !== length ||
    !key.every((value) => typeof value === 'string' || typeof value === 'number')
  ) {
    throw invalid();
  }
  return key;
}

/**
 * The SQL condition "this row's key comes after `key`" for a list sorted by `columns`
 * (ascending, or descending with `descending`), as a row-value comparison both SQLite and
 * PostgreSQL evaluate with the index.
 */
export function afterKey(
  columns: readonly string[],
  key: readonly KeyValue[],
  options: { descending?: boolean } = {},
): Expression<SqlBool> {
  const left = sql.join(columns.map((column) => sql.ref(column)));
  const right = sql.join(key.map((value) => sql.val(value)));
  const operator = sql.raw(options.descending === true ? '<' : '>');
  return sql<SqlBool>`(${left}) ${operator} (${right})`;
}

/**
 * Fetches one page: asks `load` for up to `limit + 1` rows after the cursor's key (the extra
 * row only tells whether another page follows) and returns `limit` of them with the next
 * cursor, taken from the last row's key.
 */
export async function loadPage<Row>(
  request: PageRequest,
  keyLength: number,
  load: (after: KeyValue[] | undefined, take: number) => Promise<Row[]>,
  keyOf: (row: Row) => KeyValue[],
): Promise<Page<Row>> {
  const limit = request.limit ?? DEFAULT_PAGE_LIMIT;
  const after = request.page === undefined ? undefined : decodeCursor(request.page, keyLength);
  const rows = await load(after, limit + 1);
  if (rows.length <= limit) return { rows };
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return last === undefined
    ? { rows: shown }
    : { rows: shown, next: { page: encodeCursor(keyOf(last)) } };
}

/** A page with the number of rows of the whole list. */
export interface CountedPage<Row> extends Page<Row> {
  count: number;
}

/** How a list is ordered: by a unique key, and the settings its cursors were issued for. */
export interface KeyOrder<Row> {
  /** The key's columns (unique together), as SQL references: `position`, `teams.created_at`. */
  columns: readonly string[];
  /** A row's key: one value per column. */
  keyOf: (row: Row) => KeyValue[];
  /** Descending order (of every column); default ascending. */
  descending?: boolean;
  /**
   * Values a cursor starts with, that must be the request's (a list's `sort` and `order`): a
   * cursor issued for others is a 400 with `mismatch`'s message.
   */
  settings?: { values: readonly KeyValue[]; mismatch: (cursor: readonly KeyValue[]) => string };
}

/**
 * One page of a keyset-paginated list, with how many rows the whole list has: the rows of
 * `matching` (filtered; what it selects is left out of the count) as `select` reads them, in the order `order` names,
 * after the request's cursor, and the next cursor unless this is the last page. The count is of
 * every row `matching` finds.
 */
export async function listByKeys<DB, TB extends keyof DB, O, Row>(
  request: PageRequest,
  matching: SelectQueryBuilder<DB, TB, O>,
  select: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  order: KeyOrder<Row>,
): Promise<CountedPage<Row>> {
  const settings = order.settings;
  const before = settings?.values ?? [];
  const direction = order.descending === true ? 'desc' : 'asc';
  const page = await loadPage(
    request,
    before.length + order.columns.length,
    (after, take) => {
      if (after !== undefined && before.some((value, index) => after[index] !== value))
        throw new BadRequestError(settings?.mismatch(after) ?? 'query/page is not for this list');
      let query = select(matching);
      if (after !== undefined)
        query = query.where(
          afterKey(order.columns, after.slice(before.length), {
            descending: order.descending === true,
          }),
        );
      for (const column of order.columns) query = query.orderBy(sql.ref(column), direction);
      return query.limit(take).execute();
    },
    (row) => [...before, ...order.keyOf(row)],
  );
  // The builder's row type is lost on a generic query: the row is `{ count }` either way.
  const counted = (await matching
    .clearSelect()
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirst()) as { count: string | number } | undefined;
  return { ...page, count: Number(counted?.count ?? 0) };
}
