import type { RevisionGit } from '@docsync/api';
import { treeToRevision, type ParsedPage, type TreeFile } from '@docsync/core';
import { mapBlobs } from '../blobs/bounded.js';
import { organizationBlobs, recordSpaceBlobs } from '../blobs/space-blobs.js';
import { BadRequestError, ConflictError } from '../errors.js';
import type { ServerContext } from '../server-context.js';
import type { Db } from '../storage/schema.js';
import { advanceRevision, type Advanced } from './advance-revision.js';
import { withDistinctPageIds } from './distinct-page-ids.js';
import type { ContentTarget } from './content-target.js';
import type { StoredRevision } from './stored-revision.js';
import { requireContentLimits, requireMarkdownNesting } from './nesting-limits.js';
import { readTreeBlobs, STRUCTURE_FILE, type TreeEntry } from './read-tree-blobs.js';
import {
  keepStoredTree,
  readStoredTree,
  treeMaps,
  writeStoredTree,
  type StoredTree,
  type StoredTreeFile,
} from './stored-tree.js';

/** What to import, and where: a space's main content or a change request. */
export interface TreeImport {
  target: ContentTarget;
  /** The organization of the target's space: the tree may name only blobs it holds. */
  organizationId: string;
  /**
   * The tree as the client sent it: paths and blob ids (the blobs are uploaded already), or the
   * paths that differ from the tree of commit `base` (no `oid`: deleted), which the target must
   * be at (see {@link treeFromChanges}).
   */
  tree: readonly TreeEntry[] | TreeChanges;
  /** The commit the tree came from, recorded on the revision. */
  git: RevisionGit;
  authorId: string;
  /** Make a revision even when the target is already at this commit. */
  force?: boolean | undefined;
  /** More writes that belong to the import: in its transaction, only when it writes a revision. */
  alsoWrite?: ((trx: Db) => Promise<void>) | undefined;
}

/** A tree as its differences from the tree of a commit. */
export interface TreeChanges {
  base: string;
  changes: readonly { path: string; oid?: string | undefined }[];
}

/**
 * The whole tree that `changes` make of the tree the target's current revision was imported
 * from. 409 when the current revision is not an import of commit `base` (another import, an edit
 * in the service or a merge came since, or its tree is not stored): the caller sends the whole
 * tree. 400 for a path changed twice or a deletion of a path `base` does not have.
 */
function treeFromChanges(
  delta: TreeChanges,
  current: StoredRevision,
  previous: StoredTree | undefined,
): TreeEntry[] {
  if (previous === undefined || current.git?.oid !== delta.base)
    throw new ConflictError(
      `The content is not at commit ${delta.base} as imported; send the whole tree (\`tree\`)`,
    );
  const oids = new Map(previous.oids);
  const seen = new Set<string>();
  delta.changes.forEach((change, index) => {
    if (seen.has(change.path))
      throw new BadRequestError(`body/changes/${index}/path \`${change.path}\` is given twice`);
    seen.add(change.path);
    if (change.oid !== undefined) oids.set(change.path, change.oid);
    else if (!oids.delete(change.path))
      throw new BadRequestError(
        `body/changes/${index}/path \`${change.path}\` is deleted but is not in the tree of ${delta.base}`,
      );
  });
  return [...oids].map(([path, oid]) => ({ path, oid }));
}

/** Keeps a byte order mark, as `readTreeBlobs` does. */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The files with the text of markdown files that have neither their text nor a cached parse:
 * those whose parse another import's trim dropped, and those `readTreeBlobs` left out because
 * the previous import read them, unless they are in `unchanged` (when the converter reads only
 * what changed). See {@link prepareFiles} for what may drop a parse meanwhile.
 */
async function withTexts(
  ctx: ServerContext,
  files: readonly TreeFile[],
  unchanged?: ReadonlyMap<string, StoredTreeFile>,
): Promise<readonly TreeFile[]> {
  const forgotten = files.filter(
    (file) =>
      file.text === undefined &&
      file.path.endsWith('.md') &&
      !ctx.conversions.hasParse(file.oid) &&
      unchanged?.get(file.path)?.oid !== file.oid,
  );
  if (forgotten.length === 0) return files;
  const texts = new Map(
    await mapBlobs(forgotten, async (file) => {
      const bytes = await ctx.blobs.get(file.oid);
      return [file.path, bytes === undefined ? undefined : decoder.decode(bytes)] as const;
    }),
  );
  return files.map((file) => {
    const text = texts.get(file.path);
    return text === undefined ? file : { ...file, text };
  });
}

/**
 * Parses, in the server's worker pool, the markdown pages of `files` that come with their text
 * and have no parse yet: the converter then finds every parse it needs (see
 * `SeededConversionCache`) and parses nothing on the event loop. 400 past a parse budget. Every
 * markdown file but SUMMARY.md goes, the converter's pages and any other (a table of contents
 * `.gitbook.yaml` names otherwise), so nothing it reads is parsed unbudgeted.
 */
async function parseNewPages(
  ctx: ServerContext,
  files: readonly TreeFile[],
): Promise<Map<string, ParsedPage>> {
  const fresh = new Map<string, TreeFile>();
  for (const file of files)
    if (
      file.text !== undefined &&
      file.path.endsWith('.md') &&
      !STRUCTURE_FILE.test(file.path) &&
      !ctx.conversions.hasParse(file.oid)
    )
      fresh.set(file.oid, file);
  const made = new Map<string, ParsedPage>();
  // In batches, each page held to the parse budgets (see `MarkdownPool.parseMany`).
  const parse = async (pages: readonly TreeFile[]) => {
    const parsed = await ctx.markdown.parseMany(
      pages.map((file) => ({ markdown: file.text ?? '', field: `body/tree: \`${file.path}\`` })),
    );
    pages.forEach((file, index) => made.set(file.oid, parsed[index] as ParsedPage));
  };
  // Pages uploaded just before were parsed as they came (see `ParsesAhead`): those are awaited
  // while the others are parsed (one a budget refused is refused as the pool would), then those
  // whose batch another page's refusal lost.
  const ahead = [...fresh.values()].flatMap((file) => {
    const parsed = ctx.conversions.ahead.take(file.oid);
    return parsed === undefined ? [] : [{ file, parsed }];
  });
  const taken = new Set(ahead.map(({ file }) => file.oid));
  const unknown: TreeFile[] = [];
  await Promise.all([
    parse([...fresh.values()].filter((file) => !taken.has(file.oid))),
    ...ahead.map(async ({ file, parsed }) => {
      const page = await parsed;
      if (page === undefined) unknown.push(file);
      else if ('refused' in page)
        throw new BadRequestError(`body/tree: \`${file.path}\`${page.refused}`);
      else made.set(file.oid, page);
    }),
  ]);
  if (unknown.length > 0) await parse(unknown);
  return made;
}

/**
 * The files with every text the converter needs and their new pages parsed off the event loop
 * (see {@link withTexts} and {@link parseNewPages}), with the parses offered to the cache. Returns
 * only when nothing awaited dropped a parse it counted on (another import's trim): from here the
 * caller converts without awaiting.
 */
async function prepareFiles(
  ctx: ServerContext,
  files: readonly TreeFile[],
  unchanged?: ReadonlyMap<string, StoredTreeFile>,
): Promise<readonly TreeFile[]> {
  for (;;) {
    const ready = await withTexts(ctx, files, unchanged);
    const parses = await parseNewPages(ctx, ready);
    ctx.conversions.cache.offer(parses);
    const dropped = ready.some(
      (file) =>
        file.text === undefined &&
        file.path.endsWith('.md') &&
        !ctx.conversions.hasParse(file.oid) &&
        unchanged?.get(file.path)?.oid !== file.oid,
    );
    if (!dropped) return ready;
  }
}

/**
 * The tree of `files` and how it differs from `previous` (null: a path gone): one pass over the
 * files, plus one over `previous` only when paths went.
 */
function compareTrees(
  files: readonly TreeFile[],
  previous: StoredTree | undefined,
): {
  tree: { files: Map<string, StoredTreeFile>; oids: Map<string, string> };
  changes: Map<string, StoredTreeFile | null>;
} {
  const tree = treeMaps(files.map((file) => [file.path, { oid: file.oid, size: file.size }]));
  const changes = new Map<string, StoredTreeFile | null>();
  if (previous === undefined) return { tree, changes };
  let kept = 0;
  for (const [path, file] of tree.files) {
    const was = previous.files.get(path);
    if (was === undefined) changes.set(path, file);
    else {
      kept += 1;
      if (was.oid !== file.oid || was.size !== file.size) changes.set(path, file);
    }
  }
  if (kept < previous.files.size)
    for (const path of previous.files.keys()) if (!tree.files.has(path)) changes.set(path, null);
  return { tree, changes };
}

/** What an import did: the target's revision afterwards, and whether one was written. */
export type TreeImportResult = Advanced;

/**
 * Imports a tree as the next revision of a target. The converter reads it with the current
 * revision as `base`, so pages and files keep their ids; the revision is moved by
 * compare-and-swap (see `advanceRevision`), so a lost race rebuilds on the new revision. A
 * target already at the commit is left as it is (the same commit imported twice makes one
 * revision), unless `force` is set.
 *
 * Work is proportional to the change: the tree each import read is stored with its revision,
 * so when the current revision was imported, only the files that differ from its tree are read
 * and converted (core's `baseFiles`), and the rest of the revision is shared.
 */
export async function importTree(
  ctx: ServerContext,
  request: TreeImport,
): Promise<TreeImportResult> {
  let kept: StoredTree | undefined;
  const result = await advanceRevision(
    ctx,
    request.target,
    async (current) => {
      const previous = await readStoredTree(ctx, current.id);
      const same = current.git?.oid === request.git.oid && request.force !== true;
      if (same && !Array.isArray(request.tree)) return { kind: 'keep' };
      const entries = Array.isArray(request.tree)
        ? (request.tree as readonly TreeEntry[])
        : treeFromChanges(request.tree as TreeChanges, current, previous);
      // Checked (paths, uploaded blobs) before anything else, so a bad tree is a 400 either way.
      const fresh = entries.filter((entry) => previous?.files.get(entry.path)?.oid !== entry.oid);
      const held = await organizationBlobs(
        ctx.db,
        request.organizationId,
        fresh.map((entry) => entry.oid),
      );
      const files = await readTreeBlobs(ctx.blobs, entries, ctx.conversions, previous?.files, held);
      if (same) return { kind: 'keep' };
      // Synchronous: `prepareFiles` has parsed every new page (the SUMMARY.md is read here).
      const read = (files: readonly TreeFile[], baseFiles: boolean) => {
        for (const file of files)
          if (file.text !== undefined && STRUCTURE_FILE.test(file.path))
            requireMarkdownNesting(file.text, `body/tree: \`${file.path}\``);
        try {
          return treeToRevision(files, {
            base: current.content,
            ...(baseFiles && previous !== undefined ? { baseFiles: previous.oids } : {}),
            idNamespace: request.target.spaceId,
            cache: ctx.conversions.cache,
          });
        } finally {
          ctx.conversions.cache.withdraw();
          ctx.conversions.trim();
        }
      };
      // The converter reads only what changed when it can; when it cannot (SUMMARY.md or an
      // asset changed, a file came or went), every file is read with its text.
      let converted = read(await prepareFiles(ctx, files, previous?.files), true);
      if (previous !== undefined && !converted.incremental)
        converted = read(await prepareFiles(ctx, files), false);
      // What is stored must read back: nothing nests past what the renderer handles.
      requireContentLimits(converted.content, 'body/tree');
      const { tree, changes } = compareTrees(files, previous);
      return {
        kind: 'write',
        revision: {
          type: 'edits',
          git: request.git,
          content: withDistinctPageIds(converted.content, current.content),
          config: converted.config,
        },
        store: async (trx, revisionId, now) => {
          kept = await writeStoredTree(
            { db: trx, caches: ctx.caches },
            revisionId,
            tree,
            previous,
            changes,
          );
          // The space now holds what its tree names (held by another space of the organization).
          await recordSpaceBlobs(
            trx,
            request.target.spaceId,
            fresh.map((entry) => entry.oid),
          );
          await request.target.recordSyncPoint?.(trx, { git: request.git, revisionId, now });
          await request.alsoWrite?.(trx);
        },
      };
    },
    { authorId: request.authorId, load: { documents: 'none', shared: true } },
  );
  if (result.created && kept !== undefined) keepStoredTree(ctx.caches, kept);
  return result;
}
