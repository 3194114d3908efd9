import type { Comment, CommentReply, User } from '@docsync/api';
import { userResource } from '../members/user-resource.js';
import { usersById } from '../members/users-by-id.js';
import {
  commentReplyResource,
  commentResource,
  type PostContext,
  type ReplierRow,
} from '../resources/comment-resource.js';
import type { Db } from '../storage/schema.js';
import type { CommentFormat } from './comment-body.js';
import { postPermissions } from './comment-permissions.js';
import type { CommentReplyRow, CommentRow } from './comment-rows.js';
import type { CommentScope } from './comment-scope.js';
import { codeUnitOrder } from './code-unit-order.js';
import { groupBy } from './group-by.js';
import { loadReactions } from './reactions.js';
import { commentDocument } from './comment-body.js';
import type { MarkdownPool } from '../parsing/markdown-pool.js';
import pMap from 'p-map';

/** Who is looking, and how they want the bodies. */
export interface PresentOptions {
  scope: CommentScope;
  callerId: string;
  baseUrl: string;
  format: CommentFormat;
  /** Parses bodies for format `document`, off the event loop. */
  markdown: MarkdownPool;
}

/** The users of some ids as the API shows them, read in one query (see `usersById`). */
async function loadUsers(
  db: Db,
  userIds: Iterable<string>,
  baseUrl: string,
): Promise<(userId: string) => User> {
  const userOf = await usersById(db, userIds);
  return (userId) => userResource(userOf(userId), baseUrl);
}

/** Who replied to each of some comments, how often and when last, by comment id. */
async function loadRepliers(
  db: Db,
  commentIds: readonly string[],
): Promise<Map<string, ReplierRow[]>> {
  if (commentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('comment_replies')
    .select([
      'comment_id',
      'author_id',
      (eb) => eb.fn.countAll<string>().as('count'),
      (eb) => eb.fn.max('posted_at').as('updated_at'),
    ])
    .where('comment_id', 'in', commentIds)
    .groupBy(['comment_id', 'author_id'])
    .execute();
  // Latest first, ties by user id, in code-unit order (the databases' collations differ).
  rows.sort(
    (a, b) => codeUnitOrder(b.updated_at, a.updated_at) || codeUnitOrder(a.author_id, b.author_id),
  );
  return groupBy(
    rows,
    (row) => row.comment_id,
    (row) => ({ user_id: row.author_id, count: Number(row.count), updated_at: row.updated_at }),
  );
}

/**
 * What each of some posts needs to be shown, besides its row (and a comment's repliers): their
 * reactions and every user they show (authors, resolvers, those who reacted, `alsoUsers`), read
 * in two queries.
 */
async function postContexts(
  db: Db,
  rows: readonly (CommentRow | CommentReplyRow)[],
  options: PresentOptions,
  alsoUsers: readonly string[],
): Promise<(row: CommentRow | CommentReplyRow) => PostContext> {
  const reactions = await loadReactions(
    db,
    rows.map((row) => row.id),
  );
  const userIds = [...alsoUsers];
  for (const row of rows) {
    userIds.push(row.author_id);
    if ('resolved_by' in row && row.resolved_by !== null) userIds.push(row.resolved_by);
  }
  for (const list of reactions.values())
    for (const reaction of list) userIds.push(reaction.user_id);
  const userOf = await loadUsers(db, userIds, options.baseUrl);
  const documents =
    options.format === 'document'
      ? new Map(
          await pMap(
            rows,
            async (row) => [row.id, await commentDocument(options.markdown, row.body)] as const,
            { concurrency: options.markdown.budgets.threads },
          ),
        )
      : undefined;
  return (row) => ({
    ...(documents === undefined ? {} : { documents }),
    baseUrl: options.baseUrl,
    discussion: options.scope.path,
    format: options.format,
    userOf,
    reactions: reactions.get(row.id) ?? [],
    permissions: postPermissions(options.scope.level, options.callerId, row.author_id),
  });
}

/** Comments as the API shows them, in a fixed number of queries however many there are. */
export async function presentComments(
  db: Db,
  rows: readonly CommentRow[],
  options: PresentOptions,
): Promise<Comment[]> {
  if (rows.length === 0) return [];
  const repliers = await loadRepliers(
    db,
    rows.map((row) => row.id),
  );
  const replierIds = [...repliers.values()].flat().map((replier) => replier.user_id);
  const contextOf = await postContexts(db, rows, options, replierIds);
  return rows.map((row) =>
    commentResource(row, { ...contextOf(row), repliers: repliers.get(row.id) ?? [] }),
  );
}

/** Replies as the API shows them. */
export async function presentReplies(
  db: Db,
  rows: readonly CommentReplyRow[],
  options: PresentOptions,
): Promise<CommentReply[]> {
  if (rows.length === 0) return [];
  const contextOf = await postContexts(db, rows, options, []);
  return rows.map((row) => commentReplyResource(row, contextOf(row)));
}

/** The one resource made of one row. */
async function only<Resource>(resources: Promise<Resource[]>): Promise<Resource> {
  const [resource] = await resources;
  if (resource === undefined) throw new Error('a stored post was not presented');
  return resource;
}

/** One comment as the API shows it. */
export function presentComment(db: Db, row: CommentRow, options: PresentOptions): Promise<Comment> {
  return only(presentComments(db, [row], options));
}

/** One reply as the API shows it. */
export function presentReply(
  db: Db,
  row: CommentReplyRow,
  options: PresentOptions,
): Promise<CommentReply> {
  return only(presentReplies(db, [row], options));
}
