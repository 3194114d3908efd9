import type { ListCommentsQuery } from '@docsync/api';
import { BadRequestError } from '../errors.js';
import { listByKeys, type Page } from '../pagination.js';
import type { Db } from '../storage/schema.js';
import type { CommentRow } from './comment-rows.js';
import { inScope, type CommentScope } from './comment-scope.js';

/** The most user ids `authors` may name. */
const MAX_AUTHORS = 100;

/** One page of comments and how many match the filters. */
export interface CommentPage extends Page<CommentRow> {
  count: number;
}

/**
 * One page of the scope's comments, by `(posted_at, id)` in `order` (default newest first),
 * filtered by `status` (default `all`), `targetPage` (the page a comment is on) and `authors`
 * (any of those user ids). The cursor carries the order it was issued for, so a cursor reused
 * with the other order is a 400 rather than a silently wrong page.
 */
export async function listComments(
  db: Db,
  scope: CommentScope,
  query: ListCommentsQuery,
): Promise<CommentPage> {
  const order = query.order ?? 'desc';
  const status = query.status ?? 'all';
  const authors = query.authors ?? [];
  if (authors.length > MAX_AUTHORS)
    throw new BadRequestError(
      `query/authors names ${authors.length} users; at most ${MAX_AUTHORS} at a time`,
    );
  const { targetPage } = query;
  const matching = db
    .selectFrom('comments')
    .where(inScope(scope))
    .$if(status !== 'all', (q) => q.where('comments.status', '=', status))
    .$if(targetPage !== undefined, (q) => q.where('comments.page_id', '=', targetPage ?? ''))
    .$if(authors.length > 0, (q) => q.where('comments.author_id', 'in', authors));
  return listByKeys(query, matching, (q) => q.selectAll(), {
    columns: ['comments.posted_at', 'comments.id'],
    keyOf: (row) => [row.posted_at, row.id],
    descending: order === 'desc',
    settings: {
      values: [order],
      mismatch: (cursor) =>
        `query/page was issued for \`order=${String(cursor[0])}\`; repeat it with the cursor`,
    },
  });
}
