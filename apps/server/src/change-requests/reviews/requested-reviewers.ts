import type { RequestReviewersBody } from '@docsync/api';
import type { Selectable } from 'kysely';
import { BadRequestError, ConflictError } from '../../errors.js';
import type { ServerContext } from '../../server-context.js';
import { listByKeys, type Page, type PageRequest } from '../../pagination.js';
import type { ChangeRequestReviewRequestsTable, Db } from '../../storage/schema.js';
import { WRITABLE_STATUSES, type ChangeRequestRow } from '../change-request-row.js';

/** A stored review request. */
export type ReviewRequestRow = Selectable<ChangeRequestReviewRequestsTable>;

/**
 * A page of the requests to review a change request not answered yet, in the order they were
 * made (then by user id), with how many there are.
 */
export async function listRequestedReviewers(
  db: Db,
  changeRequestId: string,
  request: PageRequest,
): Promise<Page<ReviewRequestRow> & { count: number }> {
  const requests = db
    .selectFrom('change_request_review_requests')
    .where('change_request_id', '=', changeRequestId);
  return listByKeys(request, requests, (q) => q.selectAll(), {
    columns: ['requested_at', 'user_id'],
    keyOf: (row) => [row.requested_at, row.user_id],
  });
}

/**
 * Asks users to review a change request at its head revision. Each must be an active member of
 * the space's organization and not its creator (400 naming the first that is not, and nobody is
 * asked); asking someone already asked changes nothing. Only draft and open change requests
 * (409). Answers the requests of the users, in the order given, each once.
 */
export async function requestReviewers(
  ctx: ServerContext,
  changeRequest: Pick<
    ChangeRequestRow,
    'id' | 'number' | 'status' | 'created_by' | 'head_revision_id'
  >,
  organizationId: string,
  request: RequestReviewersBody & { requestedBy: string },
): Promise<ReviewRequestRow[]> {
  if (!WRITABLE_STATUSES.includes(changeRequest.status))
    throw new ConflictError(
      `Change request #${changeRequest.number} is \`${changeRequest.status}\`; only draft and open change requests can be reviewed`,
    );
  const users = [...new Set(request.users)];
  const members = await ctx.db
    .selectFrom('members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', users)
    .where('disabled', '=', false)
    .execute();
  const memberIds = new Set(members.map((member) => member.user_id));
  for (const [index, user] of request.users.entries()) {
    if (!memberIds.has(user))
      throw new BadRequestError(
        `body/users/${index}: \`${user}\` is not a member of the organization; nobody was asked`,
      );
    if (user === changeRequest.created_by)
      throw new BadRequestError(
        `body/users/${index}: \`${user}\` created the change request and cannot review it; nobody was asked`,
      );
  }
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('change_request_review_requests')
    .values(
      users.map((user) => ({
        change_request_id: changeRequest.id,
        user_id: user,
        requested_by: request.requestedBy,
        requested_at: now,
        revision_id: changeRequest.head_revision_id,
      })),
    )
    .onConflict((oc) => oc.columns(['change_request_id', 'user_id']).doNothing())
    .execute();
  const rows = await ctx.db
    .selectFrom('change_request_review_requests')
    .selectAll()
    .where('change_request_id', '=', changeRequest.id)
    .where('user_id', 'in', users)
    .execute();
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  return users.flatMap((user) => byUser.get(user) ?? []);
}
