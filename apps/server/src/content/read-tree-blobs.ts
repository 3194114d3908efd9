import type { TreeFile } from '@docsync/core';
import type { BlobStore } from '../blobs/blob-store.js';
import { mapBlobs } from '../blobs/bounded.js';
import { BadRequestError } from '../errors.js';
import type { Conversions } from './conversions.js';
import type { StoredTreeFile } from './stored-tree.js';

/** One entry of an imported tree: a path and the blob id of its bytes. */
export interface TreeEntry {
  path: string;
  oid: string;
}

/** Files the converter reads as text; every other file is an asset known by blob id and size. */
const TEXT_FILE = /\.(md|ya?ml)$/i;

/** Keeps a byte order mark: the converter accepts it and a page written back keeps it. */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** An empty, `.` or `..` segment (or a leading `/`, which makes an empty first segment). */
const BAD_SEGMENT = /(?:^|\/)\.{0,2}(?:\/|$)/;

/** Whether a path is relative, without empty, `.` or `..` segments, nor backslashes. */
function isTreePath(path: string): boolean {
  // A backslash is a separator on Windows: `a\..\b` would leave the directory on a checkout there.
  return !BAD_SEGMENT.test(path) && !path.includes('\\');
}

/** Markdown files other than these are pages or includes, which the converter parses. */
export const STRUCTURE_FILE = /(^|\/)SUMMARY\.md$/i;

/**
 * Turns a tree sent by a client into the converter's files: sizes from the blob store, text for
 * markdown and YAML. Every blob must have been uploaded first; a path given twice or one that
 * leaves the directory is refused. 400 names the first problem (and how many blobs are missing).
 *
 * With `conversions`, work is proportional to what is new: a markdown page whose blob was parsed
 * before is passed without its text (the converter takes the parse from the cache), and a blob
 * whose size an earlier import saw is not looked up again, nor the text of one just uploaded
 * (see `ParsesAhead`). With `previous` (the tree the
 * content was last imported from), a file it holds as it is keeps its size and, for markdown,
 * comes without its text: the converter reads only the files that changed (see
 * `withAllTexts` for when it must read them all). SUMMARY.md and YAML are always read.
 *
 * With `held` (the blobs the importing organization holds, see `blobs/space-blobs.ts`), a file
 * that is neither in `previous` as it is nor held counts as missing, stored or not: another
 * organization's upload is not this one's to name.
 */
export async function readTreeBlobs(
  blobs: BlobStore,
  entries: readonly TreeEntry[],
  conversions?: Conversions,
  previous?: ReadonlyMap<string, StoredTreeFile>,
  held?: ReadonlySet<string>,
): Promise<TreeFile[]> {
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (!isTreePath(entry.path))
      throw new BadRequestError(
        `body/tree/${index}/path \`${entry.path}\` must be relative, without empty, \`.\` or \`..\` segments or backslashes`,
      );
    if (seen.has(entry.path))
      throw new BadRequestError(`body/tree/${index}/path \`${entry.path}\` is given twice`);
    seen.add(entry.path);
  });

  const unchanged = (entry: TreeEntry) => previous?.get(entry.path)?.oid === entry.oid;
  const refused = (entry: TreeEntry) =>
    held !== undefined && !unchanged(entry) && !held.has(entry.oid);
  const parsed = (entry: TreeEntry) =>
    entry.path.endsWith('.md') &&
    !STRUCTURE_FILE.test(entry.path) &&
    (unchanged(entry) || conversions?.hasParse(entry.oid) === true);
  // Sizes known from the previous tree or an earlier import cost no lookup (nor a promise).
  const sizes: (number | undefined)[] = entries.map((entry) =>
    refused(entry)
      ? undefined
      : ((unchanged(entry) ? previous?.get(entry.path)?.size : undefined) ??
        conversions?.knownSize(entry.oid)),
  );
  const unsized = entries.flatMap((entry, index) =>
    sizes[index] === undefined && !refused(entry) ? [index] : [],
  );
  await mapBlobs(unsized, async (index) => {
    const entry = entries[index] as TreeEntry;
    const size = await blobs.size(entry.oid);
    if (size !== undefined) conversions?.rememberSize(entry.oid, size);
    sizes[index] = size;
  });
  const missing = entries.filter((_, index) => sizes[index] === undefined);
  const first = missing[0];
  if (first !== undefined)
    throw new BadRequestError(
      `${missing.length} blob(s) of the tree are not on the server, the first \`${first.oid}\` ` +
        `for \`${first.path}\`; upload them first (POST .../git/blobs)`,
    );

  const files: TreeFile[] = entries.map((entry, index) => ({
    path: entry.path,
    oid: entry.oid,
    size: sizes[index] ?? 0,
  }));
  const unread = entries.flatMap((entry, index) =>
    TEXT_FILE.test(entry.path) && !parsed(entry) ? [index] : [],
  );
  // Text of blobs just uploaded is at hand (see `ParsesAhead`): only the rest is read.
  const stored = unread.filter((index) => {
    const text = conversions?.ahead.text((entries[index] as TreeEntry).oid);
    if (text !== undefined) files[index] = { ...(files[index] as TreeFile), text };
    return text === undefined;
  });
  await mapBlobs(stored, async (index) => {
    const entry = entries[index] as TreeEntry;
    const bytes = await blobs.get(entry.oid);
    if (bytes !== undefined)
      files[index] = { ...(files[index] as TreeFile), text: decoder.decode(bytes) };
  });
  return files;
}
