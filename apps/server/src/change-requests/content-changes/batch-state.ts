import type { RevisionFile } from '@docsync/core';
import type { StoredRevision } from '../../content/stored-revision.js';
import { BadRequestError } from '../../errors.js';
import { PageTree, type PageLocation, type PageWithChildren } from './page-tree.js';
import type { ParseMarkdown } from './page-content.js';

/** What the operations of one batch share while they are applied, in order. */
export interface BatchState {
  /** The page tree, edited in place by the operations. */
  readonly tree: PageTree;
  /** The files, added to by `insert_files`. */
  readonly files: RevisionFile[];
  /** Page ids by the `ref` an earlier operation gave them. */
  readonly refs: Map<string, string>;
  /** Bytes to store once every operation has checked out. */
  readonly blobs: Uint8Array[];
  /** The change request's merge base: what `revert_page` goes back to by default. */
  readonly baseRevisionId: string;
  /** A new page or file id. */
  newId(): string;
  /** A revision of the space with one page's document loaded, or undefined if there is none. */
  loadRevision(revisionId: string, pageId: string): Promise<StoredRevision | undefined>;
  /** Parses an operation's markdown off the event loop (400 past a budget). */
  parseMarkdown: ParseMarkdown;
}

/** A new batch state over a copy of `current`'s pages and files. */
export function batchState(
  current: StoredRevision,
  options: Pick<BatchState, 'baseRevisionId' | 'newId' | 'loadRevision' | 'parseMarkdown'>,
): BatchState {
  return {
    tree: new PageTree(current.content.pages),
    files: [...current.content.files],
    refs: new Map(),
    blobs: [],
    ...options,
  };
}

/** 400 for operation `index` of the batch; `field` names the member at fault. */
export function invalidChange(index: number, field: string, message: string): BadRequestError {
  return new BadRequestError(`body/changes/${index}/${field}: ${message}; nothing was applied`);
}

/** The page an operation names, by id or by a `ref` of this batch; 400 when there is none. */
export function resolvePage(
  state: BatchState,
  reference: string,
  index: number,
  field: string,
): PageLocation {
  const location = state.tree.find(state.refs.get(reference) ?? reference);
  if (location === undefined)
    throw invalidChange(index, field, `no page \`${reference}\` in the change request`);
  return location;
}

/** The parent an operation's `into` names (absent: the top level); it must hold pages. */
export function resolveParent(
  state: BatchState,
  into: string | undefined,
  index: number,
): PageWithChildren | null {
  if (into === undefined) return null;
  const { page } = resolvePage(state, into, index, 'into');
  if (page.type === 'link')
    throw invalidChange(index, 'into', `page \`${into}\` is a link and cannot hold pages`);
  return page;
}

/**
 * Checks a slug an operation gives: one path segment, not empty (an empty path is the space's
 * README) and not `.` or `..`.
 */
export function checkSlug(slug: string | undefined, index: number): void {
  if (slug === undefined) return;
  if (slug === '' || slug === '.' || slug === '..' || /[/\\]/.test(slug))
    throw invalidChange(index, 'slug', `\`${slug}\` is not a slug (one non-empty path segment)`);
}

/** Checks `at` against the number of siblings it is an index among (`at` may be one past). */
export function checkPosition(at: number | undefined, count: number, index: number): void {
  if (at !== undefined && at > count)
    throw invalidChange(index, 'at', `\`${at}\` is past the end (there are ${count} pages there)`);
}
