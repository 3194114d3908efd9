import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DatabaseSchema, Db } from '../storage/schema.js';

/** A section to index: the page it belongs to, its place, heading and text. */
export interface NewSection {
  page_id: string;
  position: number;
  anchor: string;
  title: string;
  body: string;
  /** The page's title: indexed with every section, so `install linux` finds "Linux" under "Install". */
  context: string;
}

/** Where a search looks: one space, or every active space of an organization. */
export type SearchScope = { space: string } | { organization: string };

/** Whether a section must hold every word searched for, or any one of them. */
export type WordMatch = 'every' | 'any';

/** A section that matched, with a score (higher is better). */
export interface SectionHit {
  id: number | string;
  space_id: string;
  page_id: string;
  position: number;
  score: number;
}

/** The dialect's full-text index over `search_sections`. */
export interface FullText {
  /** Writes sections of a space's pages with their index entries. */
  insertSections(db: Db, spaceId: string, sections: readonly NewSection[]): Promise<void>;
  /**
   * The sections in scope that hold every word (each as a prefix: `inst` finds `install`), or
   * with `match: 'any'` at least one of them, with their score, for use as a materialized `WITH`
   * query.
   */
  sectionHits(
    db: Db,
    words: readonly string[],
    scope: SearchScope,
    match?: WordMatch,
  ): Expression<SectionHit>;
}

/** The scope as a condition on the sections, aliased `s`. */
export function inScope(
  eb: ExpressionBuilder<DatabaseSchema & { s: DatabaseSchema['search_sections'] }, 's'>,
  scope: SearchScope,
): Expression<SqlBool> {
  return 'space' in scope
    ? eb('s.space_id', '=', scope.space)
    : eb(
        's.space_id',
        'in',
        eb
          .selectFrom('spaces')
          .select('spaces.id')
          .where('spaces.organization_id', '=', scope.organization)
          .where('spaces.deleted_at', 'is', null),
      );
}

/** The stored row of a section (PostgreSQL adds its `terms`). */
export function sectionRow(spaceId: string, section: NewSection) {
  const { page_id, position, anchor, title, body } = section;
  return { space_id: spaceId, page_id, position, anchor, title, body };
}

/** Rows per insert: with ten values a row, well under both dialects' limits on parameters. */
export const SECTION_BATCH = 200;
