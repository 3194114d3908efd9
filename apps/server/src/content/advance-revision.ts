import type { RevisionGit } from '@docsync/api';
import {
  shareReadIndex,
  type GitbookConfig,
  type RevisionContent,
  type RevisionPage,
} from '@docsync/core';
import { ConflictError } from '../errors.js';
import { readJson } from '../resources/json-column.js';
import type { ServerContext } from '../server-context.js';
import type { Db } from '../storage/schema.js';
import type { ContentTarget } from './content-target.js';
import { keepSharedRevision } from './load-revision.js';
import type { RevisionCaches } from './revision-caches.js';
import { keepRevisionRows } from './revision-rows.js';
import { sharePage, storedPageFields } from './shared-pages.js';
import {
  EMPTY_DOCUMENT,
  type LoadOptions,
  type RevisionRows,
  type StoredRevision,
} from './stored-revision.js';
import { writeRevision, type NewRevision } from './write-revision.js';

/** The revision to write on top of the current one (ids, parent and time are filled in). */
export type NextRevision = Pick<NewRevision, 'type' | 'git' | 'content' | 'config'>;

/** What to do on top of the current revision. */
export type Step =
  | {
      kind: 'write';
      revision: NextRevision;
      /**
       * More compare-and-swap writes in the same transaction (a change request's status, its
       * merge base); false when what they checked changed, which rebuilds the step.
       */
      alongside?: (trx: Db, revisionId: string, now: string) => Promise<boolean>;
      /** More rows of the revision, written in the same transaction once it is stored. */
      store?: (trx: Db, revisionId: string, now: string) => Promise<void>;
    }
  | { kind: 'keep' };

/** What {@link advanceRevision} did. */
export interface Advanced {
  /** The target's revision afterwards. */
  revisionId: string;
  /** False when the step kept the current revision. */
  created: boolean;
}

/** Options of {@link advanceRevision}. */
export interface AdvanceOptions {
  authorId: string | null;
  /** Which documents the current revision is loaded with. */
  load?: LoadOptions;
  /**
   * Builds tried before giving up with 409. Each failed try means another writer moved the
   * target, so the content is making progress; default 5.
   */
  attempts?: number;
}

/**
 * The page tree as a shared one (see `LoadOptions.shared`): pages of a shared tree stay, the
 * others (and the parents of changed ones) become frozen copies without their documents.
 */
function sharedPages(pages: readonly RevisionPage[], rows: RevisionRows): readonly RevisionPage[] {
  let changed = !Object.isFrozen(pages);
  const out = pages.map((page) => {
    const own = 'pages' in page ? page.pages : undefined;
    const children = own === undefined ? undefined : sharedPages(own, rows);
    if (storedPageFields.has(page) && children === own) return page;
    changed = true;
    const row = rows.pages.get(page.id);
    if (row === undefined) throw new Error(`page \`${page.id}\` has no row`);
    const copy = { ...page };
    if (children !== undefined && 'pages' in copy) copy.pages = children as RevisionPage[];
    if (copy.type === 'document') copy.document = EMPTY_DOCUMENT;
    return sharePage(copy, { fieldsText: row.fieldsText, documentHash: row.documentHash });
  });
  return changed ? Object.freeze(out) : pages;
}

/**
 * Keeps a revision just committed in memory: its rows, and its page tree as a shared one, so the
 * next write on it (an import, mostly) reads neither back.
 */
function keepWritten(caches: RevisionCaches, rows: RevisionRows, content: RevisionContent): void {
  keepRevisionRows(caches, rows.revision.id, rows);
  const row = rows.revision;
  const revision: StoredRevision = {
    id: row.id,
    spaceId: row.space_id,
    parentId: row.parent_id,
    type: row.type as StoredRevision['type'],
    ...(row.git === null ? {} : { git: readJson(row.git) as RevisionGit }),
    createdAt: row.created_at,
    config: readJson(row.config) as GitbookConfig,
    content: {
      pages: sharedPages(content.pages, rows) as RevisionPage[],
      files: [...rows.files],
      reusableContents: content.reusableContents.map((item) => ({
        ...item,
        document: EMPTY_DOCUMENT,
      })),
      variables: content.variables,
    },
  };
  // The copy has the written content's pages at the same places: the next import reads on it.
  shareReadIndex(content, revision.content);
  keepSharedRevision(caches, revision);
}

/** Thrown inside the transaction when the target moved on; rolls back what was written. */
class TargetMoved extends Error {
  override name = 'TargetMoved';
}

/**
 * Writes the next revision of a target: builds it on the current revision, then in one
 * transaction moves the target by compare-and-swap and stores the revision. When another writer got
 * there first nothing is kept and the step is built again on the new current revision, so
 * concurrent writers all land, one after the other, and none loses another's update.
 */
export async function advanceRevision(
  ctx: ServerContext,
  target: ContentTarget,
  build: (current: StoredRevision) => Step | Promise<Step>,
  options: AdvanceOptions,
): Promise<Advanced> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const current = await target.current(ctx, options.load);
    const step = await build(current);
    if (step.kind === 'keep') return { revisionId: current.id, created: false };
    const id = ctx.ids();
    const now = ctx.clock.now().toISOString();
    try {
      const written = await ctx.db.transaction().execute(async (trx) => {
        // The moves come first: a lost race then costs no writes, and on PostgreSQL the row
        // lock the move takes makes a racing writer wait for this commit instead of writing a
        // revision it would throw away.
        if (!(await target.move(trx, { from: current.id, to: id, now }))) throw new TargetMoved();
        if (step.alongside !== undefined && !(await step.alongside(trx, id, now)))
          throw new TargetMoved();
        const store = { db: trx, caches: ctx.caches };
        const stored = await writeRevision(store, {
          ...step.revision,
          id,
          spaceId: target.spaceId,
          parentId: current.id,
          authorId: options.authorId,
          createdAt: now,
        });
        await step.store?.(trx, id, now);
        await target.follow?.(store, {
          id,
          parentId: current.id,
          content: step.revision.content,
          written: stored,
        });
        const announced = (await target.announce?.(trx, id, ctx)) ?? 0;
        return { ...stored, announced };
      });
      keepWritten(ctx.caches, written.rows, step.revision.content);
      // Events were queued with the revision: deliver them now rather than at the next poll.
      if (written.announced > 0) ctx.jobs.wake();
      return { revisionId: id, created: true };
    } catch (error) {
      if (!(error instanceof TargetMoved)) throw error;
    }
  }
  throw new ConflictError(
    `The content of ${target.label} changed ${attempts} times while it was being written; try again`,
  );
}
