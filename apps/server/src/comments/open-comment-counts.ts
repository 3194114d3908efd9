import type { Db } from '../storage/schema.js';

/**
 * How many open (unresolved) comments each of some spaces or change requests has, in one query,
 * by id; one without any is absent. A space counts those on its main content: comments on a
 * change request count on the change request.
 */
async function openComments(
  db: Db,
  column: 'space_id' | 'change_request_id',
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select([(eb) => eb.ref(column).as('owner'), (eb) => eb.fn.countAll<string>().as('count')])
    .where(column, 'in', [...new Set(ids)])
    .$if(column === 'space_id', (q) => q.where('change_request_id', 'is', null))
    .where('status', '=', 'open')
    .groupBy(column)
    .execute();
  return new Map(rows.map((row) => [row.owner ?? '', Number(row.count)]));
}

/** Open comments on the main content of some spaces, by space id. */
export function openSpaceComments(
  db: Db,
  spaceIds: readonly string[],
): Promise<Map<string, number>> {
  return openComments(db, 'space_id', spaceIds);
}

/** Open comments on some change requests, by change request id. */
export function openChangeRequestComments(
  db: Db,
  changeRequestIds: readonly string[],
): Promise<Map<string, number>> {
  return openComments(db, 'change_request_id', changeRequestIds);
}
