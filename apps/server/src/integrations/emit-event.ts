import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { readJson, writeJson } from '../resources/json-column.js';
import type { Db } from '../storage/schema.js';
import { coveredBy, type TargetKind } from './target-installations.js';

/** The kind of the job that delivers one event to one installation. */
export const DELIVER_EVENT_JOB = 'integration-event:deliver';

/** Something that happened, for the installations it concerns. */
export interface NewIntegrationEvent {
  /** GitBook's name of the event (`space_content_updated`, `installation_setup`, …). */
  type: string;
  /** The organization it happened in: its installations receive it. */
  organizationId: string;
  /** The scope an installation needs to receive it; none: every installation does. */
  scope?: string;
  /** Only this installation receives it (`installation_setup`). */
  installationId?: string;
  /**
   * The space or site it is about: an installation narrowed to selected spaces (or sites)
   * receives it only when it was installed on that one.
   */
  target?: { kind: TargetKind; id: string };
  /** The event's own fields (`spaceId`, `revisionId`, …). */
  fields: Readonly<Record<string, unknown>>;
}

/**
 * Puts an event in the outbox of every active installation it concerns, one row and one delivery
 * job each, in `trx`: the transaction of the change it tells of, so the event exists exactly when
 * the change does, and is delivered after the commit by the job runner, never inside the request.
 * Returns how many installations it was queued for.
 */
export async function emitIntegrationEvent(
  trx: Db,
  event: NewIntegrationEvent,
  options: { clock: Clock; ids: IdGenerator },
): Promise<number> {
  const target = event.target;
  const rows = await trx
    .selectFrom('integration_installations as n')
    .select(['n.id', 'n.integration_id', 'n.scopes'])
    .where('n.organization_id', '=', event.organizationId)
    .where('n.status', '=', 'active')
    .$if(event.installationId !== undefined, (q) =>
      q.where('n.id', '=', event.installationId ?? ''),
    )
    .$if(target !== undefined, (q) => q.where(coveredBy(target?.kind ?? 'space', target?.id ?? '')))
    .execute();
  const now = options.clock.now().toISOString();
  let queued = 0;
  for (const row of rows) {
    const scopes = readJson(row.scopes) as string[];
    if (event.scope !== undefined && !scopes.includes(event.scope)) continue;
    const eventId = options.ids();
    await trx
      .insertInto('integration_events')
      .values({
        id: eventId,
        integration_id: row.integration_id,
        installation_id: row.id,
        type: event.type,
        payload: writeJson({
          eventId,
          type: event.type,
          installationId: row.id,
          ...event.fields,
        }),
        state: 'pending',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await enqueueJob(trx, { kind: DELIVER_EVENT_JOB, payload: { eventId } }, options);
    queued += 1;
  }
  return queued;
}

/**
 * Queues an event about a space (`space_content_updated`, `change_request_opened`, …) for the
 * installations of its organization granted `space:content:read`, in `trx`; how many.
 */
export async function emitSpaceEvent(
  trx: Db,
  event: { type: string; spaceId: string; fields?: Readonly<Record<string, unknown>> },
  options: { clock: Clock; ids: IdGenerator },
): Promise<number> {
  const space = await trx
    .selectFrom('spaces')
    .select('organization_id')
    .where('id', '=', event.spaceId)
    .executeTakeFirstOrThrow();
  return emitIntegrationEvent(
    trx,
    {
      type: event.type,
      organizationId: space.organization_id,
      scope: 'space:content:read',
      target: { kind: 'space', id: event.spaceId },
      fields: { spaceId: event.spaceId, ...event.fields },
    },
    options,
  );
}

/**
 * Queues an event about a site (`site_published`) for the installations of its organization
 * granted `site:metadata:read` that cover the site, in `trx`; how many.
 */
export function emitSiteEvent(
  trx: Db,
  event: {
    type: string;
    organizationId: string;
    siteId: string;
    fields?: Readonly<Record<string, unknown>>;
  },
  options: { clock: Clock; ids: IdGenerator },
): Promise<number> {
  return emitIntegrationEvent(
    trx,
    {
      type: event.type,
      organizationId: event.organizationId,
      scope: 'site:metadata:read',
      target: { kind: 'site', id: event.siteId },
      fields: { siteId: event.siteId, ...event.fields },
    },
    options,
  );
}
