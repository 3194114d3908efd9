import { sql } from 'kysely';
import type { DocumentStore } from '../content/content-documents.js';
import { ensureSearchIndex } from '../search/ensure-search-index.js';
import { fullTextOf } from '../search/full-text-of.js';
import { searchWords } from '../search/search-words.js';
import type { Db } from '../storage/schema.js';

/**
 * The share of a question's words a page must hold, each weighed by how rare it is in the
 * content, for the question to count as answered by it. Below it on every page the search
 * finds, the question becomes an issue.
 */
export const ANSWERED_COVERAGE = 0.6;

/** Sections and pages a question's search looks at, best first. */
const SECTIONS_SEARCHED = 40;
const PAGES_WEIGHED = 5;
/** Pages an issue names as the closest. */
export const CLOSEST_PAGES = 3;

/** A page near a question: where it is and how many of the question's words it holds. */
export interface ClosestPage {
  space: string;
  page: string;
  title: string;
  /** The share of the question's words the page holds, 0..1. */
  coverage: number;
}

/** What searching the published content for a question found. */
export interface QuestionSearch {
  answered: boolean;
  /** The closest pages, most covering first (up to {@link CLOSEST_PAGES}). */
  pages: ClosestPage[];
}

const pageKey = (space: string, page: string) => `${space}\n${page}`;

/**
 * Searches an organization's content (its active spaces, through the full-text index) for
 * questions, and weighs the pages found by how much of a question's words each holds. The
 * words of the pages it reads, and how many pages hold each word, are kept for the searcher's
 * life (one analysis job), so the questions of a batch read each page once.
 */
export class ContentSearcher {
  readonly #store: DocumentStore;
  readonly #organizationId: string;
  readonly #pageWords = new Map<string, { title: string; words: string[] }>();
  /** In how many pages each word searched for occurs, and how many pages there are. */
  readonly #pagesWith = new Map<string, number>();
  #pages: number | undefined;

  constructor(store: DocumentStore, organizationId: string) {
    this.#store = store;
    this.#organizationId = organizationId;
  }

  /** Whether the content answers the question of `terms`, and the pages nearest to it. */
  async search(terms: readonly string[]): Promise<QuestionSearch> {
    const words = [...new Set(terms.flatMap((term) => searchWords(term)))];
    if (words.length === 0) return { answered: false, pages: [] };
    const db = this.#store.db;
    const scope = { organization: this.#organizationId };
    if (this.#pages === undefined) {
      await ensureSearchIndex(this.#store, scope);
      const counted = await db
        .selectFrom('search_pages')
        .innerJoin('spaces', 'spaces.id', 'search_pages.space_id')
        .select((eb) => eb.fn.countAll<string | number>().as('pages'))
        .where('spaces.organization_id', '=', this.#organizationId)
        .where('spaces.deleted_at', 'is', null)
        .executeTakeFirst();
      this.#pages = Number(counted?.pages ?? 0);
    }
    const weights = await this.#weights(db, words);
    const hits = await db
      .with(
        (cte) => cte('hits').materialized(),
        () => fullTextOf(db).sectionHits(db, words, scope, 'any'),
      )
      .selectFrom('hits')
      .select(['space_id', 'page_id', 'score'])
      .orderBy('score', 'desc')
      .orderBy('id')
      .limit(SECTIONS_SEARCHED)
      .execute();
    const candidates: { space: string; page: string; rank: number }[] = [];
    for (const hit of hits) {
      if (candidates.some((page) => page.space === hit.space_id && page.page === hit.page_id))
        continue;
      candidates.push({ space: hit.space_id, page: hit.page_id, rank: candidates.length });
      if (candidates.length === PAGES_WEIGHED) break;
    }
    await this.#readPages(db, candidates);
    let total = 0;
    for (const weight of weights.values()) total += weight;
    const pages = candidates
      .map((candidate) => {
        const read = this.#pageWords.get(pageKey(candidate.space, candidate.page));
        let held = 0;
        for (const [word, weight] of weights)
          if (read !== undefined && holds(read.words, word)) held += weight;
        return {
          space: candidate.space,
          page: candidate.page,
          title: read?.title ?? '',
          coverage: total === 0 ? 0 : held / total,
          rank: candidate.rank,
        };
      })
      .sort((a, b) => b.coverage - a.coverage || a.rank - b.rank)
      .map(({ rank: _rank, ...page }) => page);
    return {
      answered: (pages[0]?.coverage ?? 0) >= ANSWERED_COVERAGE,
      pages: pages.slice(0, CLOSEST_PAGES),
    };
  }

  /**
   * Each word's weight: `ln(1 + pages / (1 + pages holding it))`. A word most pages hold (`app`,
   * `screen`) says little about whether a page answers; one no page holds, much.
   */
  async #weights(db: Db, words: readonly string[]): Promise<Map<string, number>> {
    const scope = { organization: this.#organizationId };
    for (const word of words) {
      if (this.#pagesWith.has(word)) continue;
      const counted = await db
        .with(
          (cte) => cte('hits').materialized(),
          () => fullTextOf(db).sectionHits(db, [word], scope),
        )
        .selectFrom('hits')
        .select(sql<string | number>`count(distinct space_id || '/' || page_id)`.as('pages'))
        .executeTakeFirst();
      this.#pagesWith.set(word, Number(counted?.pages ?? 0));
    }
    const pages = this.#pages ?? 0;
    return new Map(
      words.map((word) => [word, Math.log(1 + pages / (1 + (this.#pagesWith.get(word) ?? 0)))]),
    );
  }

  /** Reads the words of the pages not read yet: their titles and every section's text. */
  async #readPages(db: Db, pages: readonly { space: string; page: string }[]): Promise<void> {
    const missing = pages.filter((page) => !this.#pageWords.has(pageKey(page.space, page.page)));
    if (missing.length === 0) return;
    const spaces = [...new Set(missing.map((page) => page.space))];
    const pageIds = [...new Set(missing.map((page) => page.page))];
    const wanted = new Set(missing.map((page) => pageKey(page.space, page.page)));
    const titles = await db
      .selectFrom('search_pages')
      .select(['space_id', 'page_id', 'title'])
      .where('space_id', 'in', spaces)
      .where('page_id', 'in', pageIds)
      .execute();
    const sections = await db
      .selectFrom('search_sections')
      .select(['space_id', 'page_id', sql<string>`title || ' ' || body`.as('text')])
      .where('space_id', 'in', spaces)
      .where('page_id', 'in', pageIds)
      .execute();
    const texts = new Map<string, string[]>();
    for (const row of titles) texts.set(pageKey(row.space_id, row.page_id), [row.title]);
    for (const row of sections) texts.get(pageKey(row.space_id, row.page_id))?.push(row.text);
    for (const row of titles) {
      const key = pageKey(row.space_id, row.page_id);
      if (!wanted.has(key)) continue;
      const words = [...new Set(searchWords((texts.get(key) ?? []).join(' ')))].sort();
      this.#pageWords.set(key, { title: row.title, words });
    }
  }
}

/** Endings a page's word may add to a question's Latin word and still be that word. */
const ENDINGS = new Set(['', 's', 'es', 'd', 'ed', 'ing', 'er', 'ers']);
const LATIN = /^\p{Script=Latin}+$/u;

/**
 * Whether sorted `words` hold `word`: the same word, or for a Latin one the word with a common
 * ending (`tab` is in `tabs`, not in `table`); for other scripts, whose runs of text the index
 * keeps whole, a word it begins.
 */
function holds(words: readonly string[], word: string): boolean {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((words[middle] ?? '') < word) low = middle + 1;
    else high = middle;
  }
  const latin = LATIN.test(word);
  for (let index = low; index < words.length; index += 1) {
    const candidate = words[index] ?? '';
    if (!candidate.startsWith(word)) return false;
    if (!latin || ENDINGS.has(candidate.slice(word.length))) return true;
  }
  return false;
}
