import type { ContentChange, ContentChangeResult } from '@docsync/api';
import type { RevisionPageDocument } from '@docsync/core';
import {
  checkPosition,
  checkSlug,
  invalidChange,
  resolveParent,
  type BatchState,
} from './batch-state.js';
import { readPageContent } from './page-content.js';
import { metadataFields } from './metadata-fields.js';
import { slugify, uniqueSlug } from './page-tree.js';

/** Title of a page inserted with neither a `title` nor a `# H1`. */
const UNTITLED = 'Untitled';

/**
 * `insert_page`: a new document page under `into` (absent: the top level) at `at` (absent:
 * last). Explicit metadata wins over the markdown's front matter and H1; the slug comes from
 * the title unless given, made unique among the new siblings.
 */
export async function insertPage(
  change: Extract<ContentChange, { type: 'insert_page' }>,
  index: number,
  state: BatchState,
): Promise<ContentChangeResult> {
  const parent = resolveParent(state, change.into, index);
  const siblings = state.tree.childrenOf(parent);
  checkPosition(change.at, siblings.length, index);
  checkSlug(change.slug, index);
  if (change.ref !== undefined && state.refs.has(change.ref))
    throw invalidChange(index, 'ref', `\`${change.ref}\` already names a page of this batch`);
  const content = await readPageContent(
    change.document,
    `body/changes/${index}/document`,
    state.parseMarkdown,
  );
  const id = state.newId();
  const fields = { ...content.fields, ...metadataFields(change) };
  const title = fields.title ?? UNTITLED;
  const page: RevisionPageDocument = {
    ...fields,
    type: 'document',
    id,
    title,
    slug: uniqueSlug(change.slug ?? slugify(title), siblings, id),
    path: '',
    document: content.document,
    pages: [],
  };
  state.tree.insert(page, parent, change.at);
  if (change.ref !== undefined) state.refs.set(change.ref, id);
  return {
    object: 'created_page',
    page: id,
    path: page.path,
    ...(change.ref === undefined ? {} : { ref: change.ref }),
  };
}
