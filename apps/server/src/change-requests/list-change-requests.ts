import type { ListChangeRequestsQuery } from '@docsync/api';
import type { ExpressionBuilder } from 'kysely';
import { listByKeys, type Page } from '../pagination.js';
import type { DatabaseSchema, Db } from '../storage/schema.js';
import type { ChangeRequestRow } from './change-request-row.js';

/** A page of change requests and how many match in all. */
export interface ChangeRequestPage extends Page<ChangeRequestRow> {
  count: number;
}

/** Whose change requests to list: one space's, or those of every active space of an organization. */
export type ChangeRequestScope = { spaceId: string } | { organizationId: string };

/**
 * The change requests in a scope matching the list filters, oldest first by
 * `(created_at, id)`. `status` defaults to `open`. `contributor` is anyone who wrote to the
 * change request, its creator included; `requestedReviewer` anyone asked to review it who has
 * not reviewed it since. docsync has no conversation clusters, so no change request matches
 * `conversationsIssuesCluster`.
 */
export async function listChangeRequests(
  db: Db,
  scope: ChangeRequestScope,
  query: ListChangeRequestsQuery,
): Promise<ChangeRequestPage> {
  if (query.conversationsIssuesCluster !== undefined) return { rows: [], count: 0 };
  const { creator, contributor, requestedReviewer } = query;
  const all = db.selectFrom('change_requests');
  const inScope =
    'spaceId' in scope
      ? all.where('space_id', '=', scope.spaceId)
      : all.where('space_id', 'in', (eb) =>
          eb
            .selectFrom('spaces')
            .select('spaces.id')
            .where('spaces.organization_id', '=', scope.organizationId)
            .where('spaces.deleted_at', 'is', null),
        );
  // Each user filter asks for a row of its table naming the user and the change request.
  const involving =
    (table: 'change_request_contributors' | 'change_request_review_requests', userId: string) =>
    (eb: ExpressionBuilder<DatabaseSchema, 'change_requests'>) =>
      eb.exists(
        eb
          .selectFrom(table)
          .select('user_id')
          .whereRef('change_request_id', '=', 'change_requests.id')
          .where('user_id', '=', userId),
      );
  const matching = inScope
    .where('status', '=', query.status ?? 'open')
    .$if(creator !== undefined, (q) => q.where('created_by', '=', creator ?? ''))
    .$if(contributor !== undefined, (q) =>
      q.where(involving('change_request_contributors', contributor ?? '')),
    )
    .$if(requestedReviewer !== undefined, (q) =>
      q.where(involving('change_request_review_requests', requestedReviewer ?? '')),
    );
  return listByKeys(query, matching, (q) => q.selectAll(), {
    columns: ['created_at', 'id'],
    keyOf: (row) => [row.created_at, row.id],
  });
}
