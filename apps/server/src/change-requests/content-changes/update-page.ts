import type { ContentChange, ContentChangeResult } from '@docsync/api';
import type { RevisionPage } from '@docsync/core';
import {
  checkPosition,
  checkSlug,
  invalidChange,
  resolvePage,
  resolveParent,
  type BatchState,
} from './batch-state.js';
import { metadataFields } from './metadata-fields.js';
import { readPageContent } from './page-content.js';
import { placePaths, uniqueSlug } from './page-tree.js';

/**
 * `update_page`: new content, metadata, slug or place for a page. Given `document`, the page's
 * body is replaced and front matter sets metadata (explicit members win); its `git` location
 * goes, as the page no longer matches the file it was read from. It moves when `into` or `at`
 * is given: `into` alone puts it last under that page; `at` alone reorders it among its
 * siblings. Otherwise it keeps its place and its path (the landing page stays the landing page)
 * unless a new `slug` is given. Links and groups take only `title`, `hidden`, `slug` (not links) and moves.
 */
export async function updatePage(
  change: Extract<ContentChange, { type: 'update_page' }>,
  index: number,
  state: BatchState,
): Promise<ContentChangeResult> {
  const location = resolvePage(state, change.page, index, 'page');
  checkSlug(change.slug, index);
  const { page } = location;
  if (page.type !== 'document') {
    for (const field of ['document', 'emoji', 'icon', 'description'] as const)
      if (change[field] !== undefined)
        throw invalidChange(
          index,
          field,
          `page \`${change.page}\` is a ${page.type}, not a document`,
        );
    if (page.type === 'link' && change.slug !== undefined)
      throw invalidChange(index, 'slug', `page \`${change.page}\` is a link and has no slug`);
  }

  let updated: RevisionPage = { ...page, ...metadataFields(change) };
  if (change.document !== undefined && updated.type === 'document') {
    const content = await readPageContent(
      change.document,
      `body/changes/${index}/document`,
      state.parseMarkdown,
    );
    updated = {
      ...updated,
      ...content.fields,
      ...metadataFields(change),
      document: content.document,
    };
    delete updated.git;
  }

  const moves = change.into !== undefined || change.at !== undefined;
  if (moves) {
    const parent =
      change.into === undefined ? location.parent : resolveParent(state, change.into, index);
    if (parent !== null && state.tree.isWithin(parent.id, page.id))
      throw invalidChange(index, 'into', `page \`${change.page}\` cannot move under itself`);
    state.tree.remove(location);
    const siblings = state.tree.childrenOf(parent);
    checkPosition(change.at, siblings.length, index);
    if (updated.type !== 'link')
      updated.slug = uniqueSlug(change.slug ?? updated.slug, siblings, updated.id);
    state.tree.insert(updated, parent, change.at);
  } else {
    // The page stays where it is, at its path: only a new slug gives it (and its subtree) new
    // paths. Its path is not worked out again from its parent's, which would move the landing
    // page (path "", README.md) under the group holding it.
    state.tree.replace(location, updated);
    if (updated.type !== 'link' && change.slug !== undefined && change.slug !== updated.slug) {
      updated.slug = uniqueSlug(change.slug, location.siblings, updated.id);
      placePaths(updated, location.parent);
    }
  }
  return {
    object: 'updated_page',
    page: page.id,
    path: updated.type === 'link' ? '' : updated.path,
  };
}
