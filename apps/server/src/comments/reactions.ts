import type { Comment, User } from '@docsync/api';
import type { Selectable } from 'kysely';
import { BadRequestError } from '../errors.js';
import type { CommentReactionsTable, Db } from '../storage/schema.js';
import { codeUnitOrder } from './code-unit-order.js';
import { groupBy } from './group-by.js';

/** A stored reaction. */
export type ReactionRow = Selectable<CommentReactionsTable>;

/** Reactions of a comment or reply as the API shows them. */
export type Reactions = Comment['reactions'];

/** The longest emoji accepted, in UTF-16 code units (long enough for any ZWJ sequence). */
const MAX_EMOJI_LENGTH = 32;

/** The most emojis one request may add or remove. */
const MAX_REACTION_CHANGES = 20;

/** `addedReactions` / `removedReactions` of a PUT. */
export interface ReactionChanges {
  addedReactions?: string[] | undefined;
  removedReactions?: string[] | undefined;
}

/** Whitespace or control characters: no emoji has them. */
const NOT_EMOJI = /[\s\p{Cc}]/u;

/**
 * 400 unless the reaction changes can be applied: each emoji 1..32 characters without
 * whitespace or control characters, at most 20 per list, and no emoji both added and removed.
 */
export function checkReactionChanges(changes: ReactionChanges): void {
  for (const key of ['addedReactions', 'removedReactions'] as const) {
    const emojis = changes[key] ?? [];
    if (emojis.length > MAX_REACTION_CHANGES)
      throw new BadRequestError(
        `body/${key} holds ${emojis.length} emojis; at most ${MAX_REACTION_CHANGES} at a time`,
      );
    emojis.forEach((emoji, index) => {
      if (emoji === '' || emoji.length > MAX_EMOJI_LENGTH || NOT_EMOJI.test(emoji))
        throw new BadRequestError(
          `body/${key}/${index} \`${emoji}\` is not an emoji (1..${MAX_EMOJI_LENGTH} characters, no spaces)`,
        );
    });
  }
  const added = new Set(changes.addedReactions ?? []);
  const both = (changes.removedReactions ?? []).findIndex((emoji) => added.has(emoji));
  if (both !== -1)
    throw new BadRequestError(
      `body/removedReactions/${both} \`${changes.removedReactions?.[both] ?? ''}\` is also in body/addedReactions`,
    );
}

/** Where reactions go: a post (comment or reply) of a comment's thread, by one user, now. */
export interface ReactionTarget {
  postId: string;
  commentId: string;
  userId: string;
  now: string;
}

/**
 * Adds and removes the user's reactions to a post. Idempotent: adding an emoji the user already
 * reacted with keeps the first reaction (and its time), removing one they did not is nothing.
 */
export async function applyReactionChanges(
  db: Db,
  target: ReactionTarget,
  changes: ReactionChanges,
): Promise<void> {
  const added = [...new Set(changes.addedReactions ?? [])];
  if (added.length > 0)
    await db
      .insertInto('comment_reactions')
      .values(
        added.map((emoji) => ({
          post_id: target.postId,
          emoji,
          user_id: target.userId,
          comment_id: target.commentId,
          reacted_at: target.now,
        })),
      )
      .onConflict((oc) => oc.columns(['post_id', 'emoji', 'user_id']).doNothing())
      .execute();
  const removed = changes.removedReactions ?? [];
  if (removed.length > 0)
    await db
      .deleteFrom('comment_reactions')
      .where('post_id', '=', target.postId)
      .where('user_id', '=', target.userId)
      .where('emoji', 'in', removed)
      .execute();
}

/** The reactions of some posts, by post id. */
export async function loadReactions(
  db: Db,
  postIds: readonly string[],
): Promise<Map<string, ReactionRow[]>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('comment_reactions')
    .selectAll()
    .where('post_id', 'in', [...new Set(postIds)])
    .execute();
  return groupBy(
    rows,
    (row) => row.post_id,
    (row) => row,
  );
}

/**
 * A post's reactions as the API shows them, one entry per emoji: emojis in the order they were
 * first used, each one's users in the order they reacted (ties by emoji, by user id).
 */
export function reactionsResource(
  rows: readonly ReactionRow[],
  userOf: (userId: string) => User,
): Reactions {
  const ordered = [...rows].sort(
    (a, b) =>
      codeUnitOrder(a.reacted_at, b.reacted_at) ||
      codeUnitOrder(a.emoji, b.emoji) ||
      codeUnitOrder(a.user_id, b.user_id),
  );
  const byEmoji = new Map<string, Reactions[number]>();
  for (const row of ordered) {
    let reaction = byEmoji.get(row.emoji);
    if (reaction === undefined) {
      reaction = { emoji: row.emoji, count: 0, users: [] };
      byEmoji.set(row.emoji, reaction);
    }
    reaction.count++;
    reaction.users.push({ user: userOf(row.user_id), reactedAt: row.reacted_at });
  }
  return [...byEmoji.values()];
}
