import type { RevisionPage } from '@docsync/core';
import type { CountedCache } from '../caches/counted-cache.js';
import { ROW_BYTES } from '../content/revision-caches.js';
import { storedPageFields } from '../content/shared-pages.js';
import type { StoredRevision } from '../content/stored-revision.js';
import { expandComputedPages, specSlugsIn } from '../openapi-specs/computed-pages.js';
import type { SpecResolver } from '../openapi-specs/stored-specs.js';
import type { ServerContext } from '../server-context.js';
import { sitePages, type SitePages } from './site-pages.js';
import type { SiteVisit } from './site-visit.js';

/** What a revision's page tree says once walked: the same for every reader. */
interface RevisionFacts {
  /** The slugs of the specs its computed pages are generated from. */
  specSlugs: readonly string[];
  /** The stored document of each page, by page id (null: none). */
  documentHashes: ReadonlyMap<string, string | null>;
}

/** A site space's revision as one audience reads it, walked once. */
export interface SiteSpaceIndex {
  pages: SitePages;
  documentHashes: ReadonlyMap<string, string | null>;
}

/**
 * Walked page trees of published revisions: `rev:<revision id>` the facts of a revision (named by
 * its immutable id), `nav:<…>` a revision's navigation for an audience, named by the revision,
 * the versions of the specs it expands, the address base and the reader's claims (when adaptive
 * content uses them). Nothing in a key can change under it, so nothing is ever stale.
 */
export interface SiteIndexCaches {
  siteIndexes: CountedCache<string, RevisionFacts | SiteSpaceIndex>;
}

function revisionFacts(ctx: ServerContext, revision: StoredRevision): RevisionFacts {
  const key = `rev:${revision.id}`;
  const known = ctx.caches.siteIndexes.get(key) as RevisionFacts | undefined;
  if (known !== undefined) return known;
  const documentHashes = new Map<string, string | null>();
  const walk = (pages: readonly RevisionPage[]) => {
    for (const page of pages) {
      const stored = storedPageFields.get(page);
      if (stored !== undefined) documentHashes.set(page.id, stored.documentHash);
      if ('pages' in page) walk(page.pages);
    }
  };
  walk(revision.content.pages);
  const facts = {
    specSlugs: [...specSlugsIn(revision.content.pages, new Set())],
    documentHashes,
  };
  ctx.caches.siteIndexes.set(key, facts, documentHashes.size * 64);
  return facts;
}

/**
 * The navigation, reading order and pages by path and id of a site space's revision as the
 * visit's reader reads it (computed pages expanded, pages whose condition does not hold for
 * them left out), built once per revision, specs and audience and then kept: a cold page of a
 * big site reads it from memory instead of walking its tree.
 */
export async function siteSpaceIndex(
  ctx: ServerContext,
  visit: SiteVisit,
  revision: StoredRevision,
  specs: SpecResolver,
  baseUrl: string,
): Promise<SiteSpaceIndex> {
  const facts = revisionFacts(ctx, revision);
  // Generated pages follow each spec's latest version: a new version is a new key.
  const versions = await Promise.all(
    facts.specSlugs.map(async (slug) => (await specs.resolve(slug))?.versionId ?? '-'),
  );
  const key = JSON.stringify([
    'nav',
    revision.id,
    versions,
    facts.specSlugs.length === 0 ? '' : baseUrl,
    visit.audienceKey,
  ]);
  const known = ctx.caches.siteIndexes.get(key) as SiteSpaceIndex | undefined;
  if (known !== undefined) return known;
  const expanded = await expandComputedPages(revision.content.pages, specs);
  const pages = sitePages(expanded, (condition) => visit.holds(condition));
  const index = { pages, documentHashes: facts.documentHashes };
  ctx.caches.siteIndexes.set(key, index, ROW_BYTES * (pages.byId.size + 1) + key.length);
  return index;
}
