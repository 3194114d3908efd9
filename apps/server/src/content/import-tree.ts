import type { RevisionGit } from '@docsync/api';
import { treeToRevision, type TreeFile } from '@docsync/core';
import type { ServerContext } from '../server-context.js';
import { advanceRevision, type Advanced } from './advance-revision.js';
import type { ContentTarget } from './content-target.js';

/** What to import, and where: a space's main content or a change request. */
export interface TreeImport {
  target: ContentTarget;
  /** The tree, with text for markdown and YAML (see `readTreeBlobs`). */
  files: readonly TreeFile[];
  /** The commit the tree came from, recorded on the revision. */
  git: RevisionGit;
  authorId: string;
  /** Make a revision even when the target is already at this commit. */
  force?: boolean | undefined;
}

/** Keeps a byte order mark, as `readTreeBlobs` does. */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The files with text read again for markdown that came without it because its parse was cached
 * and that another import's trim has dropped since. Runs right before the (synchronous)
 * conversion, so nothing can drop a parse in between.
 */
async function withForgottenTexts(
  ctx: ServerContext,
  files: readonly TreeFile[],
): Promise<readonly TreeFile[]> {
  const forgotten = files.filter(
    (file) =>
      file.text === undefined && file.path.endsWith('.md') && !ctx.conversions.hasParse(file.oid),
  );
  if (forgotten.length === 0) return files;
  const texts = new Map(
    await Promise.all(
      forgotten.map(async (file) => {
        const bytes = await ctx.blobs.get(file.oid);
        return [file.path, bytes === undefined ? undefined : decoder.decode(bytes)] as const;
      }),
    ),
  );
  return files.map((file) => {
    const text = texts.get(file.path);
    return text === undefined ? file : { ...file, text };
  });
}

/** What an import did: the target's revision afterwards, and whether one was written. */
export type TreeImportResult = Advanced;

/**
 * Imports a tree as the next revision of a target. The converter reads it with the current
 * revision as `base`, so pages and files keep their ids; the revision is moved by
 * compare-and-swap (see `advanceRevision`), so a lost race rebuilds on the new revision. A
 * target already at the commit is left as it is (the same commit imported twice makes one
 * revision), unless `force` is set.
 */
export async function importTree(
  ctx: ServerContext,
  request: TreeImport,
): Promise<TreeImportResult> {
  return advanceRevision(
    ctx,
    request.target,
    async (current) => {
      if (current.git?.oid === request.git.oid && request.force !== true) return { kind: 'keep' };
      const files = await withForgottenTexts(ctx, request.files);
      const read = treeToRevision(files, {
        base: current.content,
        idNamespace: request.target.spaceId,
        cache: ctx.conversions.cache,
      });
      ctx.conversions.trim();
      return {
        kind: 'write',
        revision: { type: 'edits', git: request.git, content: read.content, config: read.config },
      };
    },
    { authorId: request.authorId },
  );
}
