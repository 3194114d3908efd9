import type { PostCommentBody } from '@docsync/api';
import { BadRequestError, NotFoundError } from '../errors.js';
import { writeJson } from '../resources/json-column.js';
import type { Db } from '../storage/schema.js';
import type { CommentScope } from './comment-scope.js';
import { revisionPages } from '../content/revision-page-rows.js';

/** The longest node id or table cell reference accepted. */
const MAX_ANCHOR_LENGTH = 500;

/** Where a new comment is anchored, as stored. */
export interface PostTarget {
  page_id: string | null;
  node_id: string | null;
  table_cell: string | null;
}

function requireAnchor(value: string, field: string): void {
  if (value === '' || value.length > MAX_ANCHOR_LENGTH)
    throw new BadRequestError(`${field} must be 1..${MAX_ANCHOR_LENGTH} characters`);
}

/**
 * Checks where a comment is posted. The page must be a page of the revision the comment is
 * posted on (404 otherwise). A node or a table cell lives in a page, so either needs `page`.
 * Node ids are not looked up: documents read from markdown carry no node keys, so any id is
 * taken as given.
 */
export async function checkPostTarget(
  db: Db,
  scope: CommentScope,
  body: PostCommentBody,
): Promise<PostTarget> {
  const { page, node, tableCell } = body;
  if (page === undefined) {
    if (node !== undefined)
      throw new BadRequestError('body/node needs body/page: nodes are in pages');
    if (tableCell !== undefined)
      throw new BadRequestError('body/tableCell needs body/page: tables are in pages');
    return { page_id: null, node_id: null, table_cell: null };
  }
  if (node !== undefined) requireAnchor(node, 'body/node');
  if (tableCell !== undefined) {
    requireAnchor(tableCell.record, 'body/tableCell/record');
    requireAnchor(tableCell.definition, 'body/tableCell/definition');
  }
  const found = await db
    .selectFrom(revisionPages(db, scope.revisionId))
    .select('page_id')
    .where('page_id', '=', page)
    .executeTakeFirst();
  if (found === undefined)
    throw new NotFoundError(
      'Page',
      `Page not found: body/page \`${page}\` is no page of the ${scope.changeRequestId === null ? 'space' : 'change request'}`,
    );
  return {
    page_id: page,
    node_id: node ?? null,
    table_cell:
      tableCell === undefined
        ? null
        : writeJson({ record: tableCell.record, definition: tableCell.definition }),
  };
}
