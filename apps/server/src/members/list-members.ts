import type { ListMembersQuery } from '@docsync/api';
import { listByKeys, type Page } from '../pagination.js';
import type { Db } from '../storage/schema.js';
import { containsIgnoringCase } from './contains-ignoring-case.js';
import type { MemberRow } from './member-resource.js';
import { requirePlainText } from './plain-text.js';
import { selectMembers } from './select-members.js';

const sortColumns = {
  joinedAt: 'members.joined_at',
  lastSeenAt: 'members.last_seen_at',
} as const;

/** One page of members and how many match the filters. */
export interface MemberPage extends Page<MemberRow> {
  count: number;
}

/**
 * One page of an organization's members, filtered by `role` and `search` (display name or
 * email, any case) and sorted by `sort` (default `joinedAt`) in `order` (default `desc`), ties
 * broken by user id. Sorting by `lastSeenAt` lists only active members: enabled ones who have
 * been seen (pinged) at least once. The cursor carries the sort and order it was issued for, so
 * a cursor reused with another sort is a 400 rather than a silently wrong page.
 */
export async function listMembers(
  db: Db,
  organizationId: string,
  query: ListMembersQuery,
): Promise<MemberPage> {
  requirePlainText(query.search, 'query/search');
  const sort = query.sort ?? 'joinedAt';
  const order = query.order ?? 'desc';
  const column = sortColumns[sort];
  const descending = order === 'desc';
  const search = query.search;
  const matching = selectMembers(db, organizationId)
    .$if(query.role !== undefined, (q) => q.where('members.role', '=', query.role ?? null))
    .$if(search !== undefined && search !== '', (q) =>
      q.where((eb) =>
        eb.or([
          containsIgnoringCase('users.display_name', search ?? ''),
          containsIgnoringCase('users.email', search ?? ''),
        ]),
      ),
    )
    .$if(sort === 'lastSeenAt', (q) =>
      q.where('members.last_seen_at', 'is not', null).where('members.disabled', '=', false),
    );

  return listByKeys(query, matching, (q) => q, {
    columns: [column, 'members.user_id'],
    keyOf: (row) => [(sort === 'joinedAt' ? row.joined_at : row.last_seen_at) ?? '', row.user_id],
    descending,
    settings: {
      values: [sort, order],
      mismatch: (cursor) =>
        `query/page was issued for \`sort=${String(cursor[0])}&order=${String(cursor[1])}\`; repeat those with it`,
    },
  });
}
