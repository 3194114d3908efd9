import type { ListIntegrationsQuery } from '@docsync/api';
import type { Caller } from '../auth/api-tokens.js';
import { containsIgnoringCase } from '../members/contains-ignoring-case.js';
import { listByKeys, type CountedPage, type PageRequest } from '../pagination.js';
import type { Db } from '../storage/schema.js';
import type {
  AttemptRow,
  EventRow,
  InstallationRow,
  IntegrationRow,
} from './integration-resource.js';

/** A JSON array column holds `value` as one of its strings (any case). */
const holds = (column: string, value: string) =>
  containsIgnoringCase(column, JSON.stringify(value));

/**
 * One page of the integrations the caller may see, oldest first: public ones, and any of an
 * organization the caller belongs to (unlisted and private ones are listed only there), with the
 * query's filters.
 */
export function listIntegrations(
  db: Db,
  caller: Caller,
  query: ListIntegrationsQuery,
): Promise<CountedPage<IntegrationRow>> {
  const memberships = db
    .selectFrom('members')
    .select('organization_id')
    .where('user_id', '=', caller.userId)
    .where('disabled', '=', false)
    .$if(caller.integration !== undefined, (q) =>
      q.where('organization_id', '=', caller.integration?.organizationId ?? ''),
    );
  const matching = db
    .selectFrom('integrations')
    .where((eb) =>
      eb.or([eb('visibility', '=', 'public'), eb('organization_id', 'in', memberships)]),
    )
    .$if(query.search !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          containsIgnoringCase('name', query.search ?? ''),
          containsIgnoringCase('title', query.search ?? ''),
        ]),
      ),
    )
    .$if(query.category !== undefined, (q) => q.where(holds('categories', query.category ?? '')))
    .$if(query.scope !== undefined, (q) => q.where(holds('scopes', query.scope ?? '')))
    .$if(query.blockDomain !== undefined, (q) =>
      q.where(holds('block_domains', (query.blockDomain ?? '').toLowerCase())),
    )
    .$if(query.blocks !== undefined, (q) =>
      q.where('blocks_count', query.blocks === true ? '>' : '=', 0),
    )
    .$if(query.contentSources !== undefined, (q) =>
      q.where('content_sources_count', query.contentSources === true ? '>' : '=', 0),
    )
    .$if(query.owner !== undefined, (q) => q.where('organization_id', '=', query.owner ?? ''))
    .$if(query.target !== undefined, (q) => q.where('target', '=', query.target ?? ''));
  return listByKeys(query, matching, (q) => q.selectAll(), {
    columns: ['created_at', 'id'],
    keyOf: (row) => [row.created_at, row.id],
  });
}

/** One page of an integration's installations, oldest first, by external id if asked. */
export function listInstallations(
  db: Db,
  integrationId: string,
  query: PageRequest & { externalId?: string | undefined },
): Promise<CountedPage<InstallationRow>> {
  const matching = db
    .selectFrom('integration_installations')
    .where('integration_id', '=', integrationId)
    .$if(query.externalId !== undefined, (q) =>
      q.where(holds('external_ids', query.externalId ?? '')),
    );
  return listByKeys(query, matching, (q) => q.selectAll(), {
    columns: ['created_at', 'id'],
    keyOf: (row) => [row.created_at, row.id],
  });
}

/** One page of an integration's events, newest first. */
export function listEvents(
  db: Db,
  integrationId: string,
  query: PageRequest,
): Promise<CountedPage<EventRow>> {
  const matching = db.selectFrom('integration_events').where('integration_id', '=', integrationId);
  return listByKeys(query, matching, (q) => q.selectAll(), {
    columns: ['created_at', 'id'],
    keyOf: (row) => [row.created_at, row.id],
    descending: true,
  });
}

/** The delivery attempts of some events, oldest first, by event id. */
export async function attemptsOf(
  db: Db,
  eventIds: readonly string[],
): Promise<ReadonlyMap<string, AttemptRow[]>> {
  const byEvent = new Map<string, AttemptRow[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .selectFrom('integration_event_attempts')
    .selectAll()
    .where('event_id', 'in', eventIds)
    .orderBy('number')
    .execute();
  for (const row of rows) byEvent.get(row.event_id)?.push(row);
  return byEvent;
}
