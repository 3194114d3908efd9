import type { ContentChange, ContentChangeResult } from '@docsync/api';
import { resolvePage, type BatchState } from './batch-state.js';

/** `delete_page`: the page and every page under it leave the change request's content. */
export function deletePage(
  change: Extract<ContentChange, { type: 'delete_page' }>,
  index: number,
  state: BatchState,
): ContentChangeResult {
  const location = resolvePage(state, change.page, index, 'page');
  state.tree.remove(location);
  return { object: 'deleted_page', page: location.page.id };
}
