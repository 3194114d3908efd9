import { ApiError } from '../../errors.js';
import type { Db } from '../../storage/schema.js';
import type { ChangeRequestRow } from '../change-request-row.js';
import { requiredReviewers } from './required-reviewers.js';

/** 409: a merge rule requires approvals the change request does not have yet. */
export class MergeRulesUnmetError extends ApiError {
  override name = 'MergeRulesUnmetError';
  constructor(message: string, missing: readonly string[]) {
    super(409, 'merge_rules_unmet', message, { data: { missing } });
  }
}

/**
 * The required reviewers who have not approved the change request's current head: a reviewer
 * counts when their latest review approves the revision that is still the head (a later edit,
 * import or update from main makes it stale). The creator is never missing: they cannot review
 * their own change request, and a rule naming them would otherwise block everything they write.
 */
export async function unmetReviewers(
  db: Db,
  changeRequest: Pick<ChangeRequestRow, 'id' | 'space_id' | 'head_revision_id' | 'created_by'>,
): Promise<string[]> {
  const required = (await requiredReviewers(db, changeRequest.space_id)).filter(
    (user) => user !== changeRequest.created_by,
  );
  if (required.length === 0) return [];
  const reviews = await db
    .selectFrom('change_request_reviews')
    .select(['reviewer_id', 'status', 'revision_id'])
    .where('change_request_id', '=', changeRequest.id)
    .where('reviewer_id', 'in', required)
    .orderBy('seq')
    .execute();
  const latest = new Map(reviews.map((review) => [review.reviewer_id, review]));
  return required.filter((user) => {
    const review = latest.get(user);
    return review?.status !== 'approved' || review.revision_id !== changeRequest.head_revision_id;
  });
}

/**
 * 409 `merge_rules_unmet` naming every required reviewer whose approval of the current head is
 * missing (by name and id), or nothing when the rules are met.
 */
export async function requireMergeRulesMet(
  db: Db,
  changeRequest: Pick<
    ChangeRequestRow,
    'id' | 'space_id' | 'number' | 'head_revision_id' | 'created_by'
  >,
): Promise<void> {
  const missing = await unmetReviewers(db, changeRequest);
  if (missing.length === 0) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('id', 'in', missing)
    .execute();
  const nameOf = new Map(users.map((user) => [user.id, user.display_name]));
  const named = missing.map((id) => {
    const name = nameOf.get(id);
    return name === undefined ? `\`${id}\`` : `${name} (\`${id}\`)`;
  });
  throw new MergeRulesUnmetError(
    `Change request #${changeRequest.number} cannot merge: the space's merge rules require an approval of its current revision from ${named.join(', ')}`,
    missing,
  );
}
