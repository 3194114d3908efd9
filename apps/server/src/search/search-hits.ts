import type { Db } from '../storage/schema.js';
import type { SearchScope, SectionHit } from './full-text.js';
import { fullTextOf } from './full-text-of.js';

/** A search: the words every matching section holds, where to look. */
export interface SearchRequest {
  words: readonly string[];
  scope: SearchScope;
}

/** A space or page and the score of its best section. */
export interface Scored {
  space_id: string;
  page_id: string;
  score: number;
}

/** The matching sections as the `WITH` query `hits`. */
function withHits(db: Db, search: SearchRequest) {
  const hits = fullTextOf(db).sectionHits(db, search.words, search.scope);
  // Materialized: SQLite evaluates its ranking function only in the full-text query itself.
  return db.with(
    (cte) => cte('hits').materialized(),
    () => hits,
  );
}

const scored = <Row extends { score: unknown }>(rows: Row[]) =>
  rows.map((row) => ({ ...row, score: Number(row.score) }));

/** The best score of each space with a matching section. */
export async function spaceScores(
  db: Db,
  search: SearchRequest,
): Promise<Pick<Scored, 'space_id' | 'score'>[]> {
  return scored(
    await withHits(db, search)
      .selectFrom('hits')
      .select((eb) => ['space_id', eb.fn.max('score').as('score')])
      .groupBy('space_id')
      .execute(),
  );
}

/** The best score of each page with a matching section (in `spaceIds` when given). */
export async function pageScores(
  db: Db,
  search: SearchRequest,
  spaceIds?: readonly string[],
): Promise<Scored[]> {
  return scored(
    await withHits(db, search)
      .selectFrom('hits')
      .select((eb) => ['space_id', 'page_id', eb.fn.max('score').as('score')])
      .$if(spaceIds !== undefined, (q) => q.where('space_id', 'in', [...(spaceIds ?? [])]))
      .groupBy(['space_id', 'page_id'])
      .execute(),
  );
}

/** The matching sections of the given pages. */
export async function sectionScores(
  db: Db,
  search: SearchRequest,
  pages: readonly Pick<Scored, 'space_id' | 'page_id'>[],
): Promise<SectionHit[]> {
  if (pages.length === 0) return [];
  const wanted = new Set(pages.map((page) => `${page.space_id}\n${page.page_id}`));
  const rows = await withHits(db, search)
    .selectFrom('hits')
    .selectAll()
    .where('space_id', 'in', [...new Set(pages.map((page) => page.space_id))])
    .where('page_id', 'in', [...new Set(pages.map((page) => page.page_id))])
    .execute();
  // A duplicated space shares its source's page ids: keep the pairs asked for.
  return scored(rows).filter((row) => wanted.has(`${row.space_id}\n${row.page_id}`));
}
