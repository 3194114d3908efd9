import type { Db } from '../storage/schema.js';

/** The number of site spaces of each of `siteIds` (spaces in their restore window not counted). */
export async function siteSpaceCounts(
  db: Db,
  siteIds: readonly string[],
): Promise<Map<string, number>> {
  if (siteIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('site_spaces')
    .innerJoin('spaces', 'spaces.id', 'site_spaces.space_id')
    .select(['site_spaces.site_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('site_spaces.site_id', 'in', [...siteIds])
    .where('spaces.deleted_at', 'is', null)
    .groupBy('site_spaces.site_id')
    .execute();
  return new Map(rows.map((row) => [row.site_id, Number(row.count)]));
}
