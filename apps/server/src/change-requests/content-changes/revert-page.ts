import type { ContentChange, ContentChangeResult } from '@docsync/api';
import { flattenPages, type RevisionPage } from '@docsync/core';
import { invalidChange, type BatchState } from './batch-state.js';
import { placePaths } from './page-tree.js';

/**
 * `revert_page`: the page as it is in `revision` (default: the change request's merge base,
 * which undoes the change request's edits to it). A page still in the change request keeps its
 * place and its subpages; a deleted one comes back under its former parent when that is still
 * there (otherwise at the top level), at its former index or last, without its subpages.
 * Reported as an updated page.
 */
export async function revertPage(
  change: Extract<ContentChange, { type: 'revert_page' }>,
  index: number,
  state: BatchState,
): Promise<ContentChangeResult> {
  const pageId = state.refs.get(change.page) ?? change.page;
  const revisionId = change.revision ?? state.baseRevisionId;
  const source = await state.loadRevision(revisionId, pageId);
  if (source === undefined)
    throw invalidChange(index, 'revision', `no revision \`${revisionId}\` in this space`);
  const flat = flattenPages(source.content.pages);
  const old = flat.find((page) => page.id === pageId);
  if (old === undefined)
    throw invalidChange(index, 'page', `no page \`${change.page}\` in revision \`${source.id}\``);

  const location = state.tree.find(pageId);
  if (location !== undefined) {
    const reverted =
      old.type === 'link' || location.page.type === 'link'
        ? { ...old }
        : { ...old, pages: location.page.pages };
    state.tree.replace(location, reverted);
    placePaths(reverted, location.parent);
    return { object: 'updated_page', page: pageId, path: pathOf(reverted) };
  }

  const formerParent = flat.find(
    (page) => page.type !== 'link' && page.pages.some((child) => child.id === pageId),
  );
  const parentLocation = formerParent === undefined ? undefined : state.tree.find(formerParent.id);
  const parent =
    parentLocation === undefined || parentLocation.page.type === 'link'
      ? null
      : parentLocation.page;
  const siblings = state.tree.childrenOf(parent);
  const formerIndex =
    formerParent === undefined || formerParent.type === 'link'
      ? source.content.pages.findIndex((page) => page.id === pageId)
      : formerParent.pages.findIndex((page) => page.id === pageId);
  // Alone: its subpages are reverted one by one (only this page's document was loaded).
  const restored = (old.type === 'link' ? { ...old } : { ...old, pages: [] }) as RevisionPage;
  state.tree.insert(restored, parent, Math.min(Math.max(formerIndex, 0), siblings.length));
  return { object: 'updated_page', page: pageId, path: pathOf(restored) };
}

/** A page's path in a result; links have none. */
function pathOf(page: RevisionPage): string {
  return page.type === 'link' ? '' : page.path;
}
