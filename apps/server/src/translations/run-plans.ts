import type { JSONDocument, RevisionContent, RevisionFile, RevisionPage } from '@docsync/core';
import { mergeDocuments, mergeRevisions } from '@docsync/core';
import { loadRevision } from '../content/load-revision.js';
import { spaceRevision } from '../content/space-revision.js';
import type { LoadOptions, StoredRevision } from '../content/stored-revision.js';
import type { ServerContext } from '../server-context.js';
import type { TranslationRow } from './translations.js';
import { changedDocumentPages } from './source-changes.js';
import {
  blockHashes,
  contentDocuments,
  pageIds,
  translatedContent,
  translatedDocument,
  translatedPageId,
  type IdMapping,
} from './translated-content.js';
import type { DocumentNode } from './text-blocks.js';

/** A document a run reads for text blocks, and the source page it belongs to (if any). */
export interface SourceDocument {
  pageId: string | undefined;
  document: JSONDocument;
}

/** What the translation writes, built on the translated space's current revision. */
export interface TranslatedRevision {
  content: RevisionContent;
  config: StoredRevision['config'];
}

/**
 * How a run goes: which source documents it reads, which memory it needs, how it loads the
 * translated space and what it writes there. A whole run reads everything; a run of pages, when
 * only page documents changed in the source since the last run, reads and writes just those.
 */
export interface RunPlan {
  sourceRevisionId: string;
  /** Every page id of the source, to move references to pages. */
  sourcePages: ReadonlySet<string>;
  files: readonly RevisionFile[];
  /** The documents whose text blocks are translated (or come from the memory). */
  documents: readonly SourceDocument[];
  /** The memory the run needs: undefined for all of it. */
  memoryHashes: ReadonlySet<string> | undefined;
  /** Whether the run saw every text block of the source (and may prune the memory). */
  whole: boolean;
  /** How the translated space's current revision is loaded for {@link RunPlan.build}. */
  load: LoadOptions;
  /**
   * The revision to write on `current`; undefined when the plan does not fit it (a page it
   * would update is not in the translated space): the run then goes whole.
   */
  build(
    current: StoredRevision,
    translations: ReadonlyMap<string, DocumentNode>,
    memory: ReadonlyMap<string, DocumentNode>,
    ids: IdMapping,
    /** The translated space was made by this run: nothing of it to merge with. */
    anew: boolean,
  ): Promise<TranslatedRevision | undefined>;
}

/**
 * A whole run: the translation of the whole source, merged three ways with what people changed
 * in the translated space since (ours: its current content). The base is what the translation
 * alone made of the source the last run read, built again from the memory, which holds every
 * block of that source: a block whose source did not change comes out the same on both, so a
 * person's edit of it is kept; where the source changed and a person edited the same block, the
 * person's edit is kept too. Without a previous run (or a translated space made anew) there is
 * nothing to merge.
 */
export async function wholePlan(
  ctx: ServerContext,
  row: TranslationRow,
  space: { id: string; revision_id: string; created_at: string },
  previousSourceId: string | null,
): Promise<RunPlan> {
  const source = await spaceRevision(ctx, space, { documents: 'all' });
  return {
    sourceRevisionId: source.id,
    sourcePages: pageIds(source.content.pages),
    files: source.content.files,
    documents: contentDocuments(source.content),
    memoryHashes: undefined,
    whole: true,
    load: { documents: 'all' },
    build: async (current, translations, memory, ids, anew) => {
      const fresh = translatedContent(source.content, translations, ids);
      const previous =
        previousSourceId === null || anew
          ? undefined
          : await loadRevision(ctx, previousSourceId, { documents: 'all' });
      if (previous === undefined) return { content: fresh, config: source.config };
      const base = translatedContent(previous.content, memory, {
        ...ids,
        sourcePages: pageIds(previous.content.pages),
      });
      return {
        content: mergeRevisions(base, current.content, fresh).content,
        config: source.config,
      };
    },
  };
}

/** The documents of the pages `ids` in a page tree. */
function pageDocuments(
  pages: readonly RevisionPage[],
  ids: ReadonlySet<string>,
): Map<string, JSONDocument> {
  const found = new Map<string, JSONDocument>();
  const walk = (list: readonly RevisionPage[]) => {
    for (const page of list) {
      if (page.type === 'document' && ids.has(page.id)) found.set(page.id, page.document);
      if ('pages' in page) walk(page.pages);
    }
  };
  walk(pages);
  return found;
}

/**
 * A run of pages, when only page documents changed in the source since the last run (see
 * `changedDocumentPages`); undefined otherwise. It loads, translates and merges only those
 * pages: each translated page's document is merged three ways (base: the translation of its
 * previous source; ours: the translated space's; theirs: the new translation), and every other
 * page of the translated space stays as it is, unread. Work in proportion to the change.
 */
export async function pagesPlan(
  ctx: ServerContext,
  row: TranslationRow,
  space: { revision_id: string },
  previousSourceId: string,
): Promise<RunPlan | undefined> {
  const changed = await changedDocumentPages(ctx, previousSourceId, space.revision_id);
  if (changed === undefined) return undefined;
  const wanted = [...changed];
  const [source, previous] = await Promise.all([
    loadRevision(ctx, space.revision_id, { documents: wanted, shared: true }),
    loadRevision(ctx, previousSourceId, { documents: wanted, shared: true }),
  ]);
  if (source === undefined || previous === undefined) return undefined;
  const now = pageDocuments(source.content.pages, changed);
  const before = pageDocuments(previous.content.pages, changed);
  const documents = [...now].map(([pageId, document]) => ({ pageId, document }));
  const targetIds = new Map(wanted.map((id) => [translatedPageId(row.id, id), id]));
  return {
    sourceRevisionId: source.id,
    sourcePages: pageIds(source.content.pages),
    files: source.content.files,
    documents,
    memoryHashes: blockHashes([
      ...documents,
      ...[...before.values()].map((document) => ({ document })),
    ]),
    whole: false,
    load: { documents: [...targetIds.keys()], shared: true },
    build: (current, translations, memory, ids) => {
      let updated = 0;
      const replace = (pages: readonly RevisionPage[]): readonly RevisionPage[] => {
        const out = pages.map((page) => {
          const own = 'pages' in page ? page.pages : undefined;
          const children = own === undefined ? undefined : replace(own);
          const sourceId = targetIds.get(page.id);
          const fresh = sourceId === undefined ? undefined : now.get(sourceId);
          const base = sourceId === undefined ? undefined : before.get(sourceId);
          if (children === own && (fresh === undefined || base === undefined)) return page;
          const copy = { ...page };
          if (children !== undefined && 'pages' in copy) copy.pages = children as RevisionPage[];
          if (copy.type === 'document' && fresh !== undefined && base !== undefined) {
            updated += 1;
            copy.document = mergeDocuments(
              translatedDocument(base, memory, ids),
              copy.document,
              translatedDocument(fresh, translations, ids),
            ).document;
          }
          return copy;
        });
        return out.some((page, index) => page !== pages[index]) ? out : pages;
      };
      const pages = replace(current.content.pages) as RevisionPage[];
      if (updated !== now.size) return Promise.resolve(undefined);
      return Promise.resolve({
        content: { ...current.content, pages },
        config: current.config,
      });
    },
  };
}
