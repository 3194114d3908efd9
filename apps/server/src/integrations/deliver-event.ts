import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import type { JobHandler } from '../jobs/job-runner.js';
import type { AddressPolicy } from '../outbound/address-policy.js';
import { FetchUrlError } from '../outbound/fetch-url.js';
import { postUrl } from '../outbound/post-url.js';
import type { Db } from '../storage/schema.js';
import { deliveryMessage } from './delivery-message.js';
import { DELIVER_EVENT_JOB } from './emit-event.js';
import type { InstallationRow, IntegrationRow } from './integration-resource.js';

/** How events are delivered. */
export interface DeliveryOptions {
  clock: Clock;
  ids: IdGenerator;
  /** Addresses deliveries may go to (the service's fetch policy). */
  policy: AddressPolicy;
  /** One attempt, from connecting to the end of the answer. */
  timeoutMs: number;
  /** The delay before the second attempt; doubled for each next one, then jittered. */
  retryBaseMs: number;
  /** The longest delay between attempts. */
  retryMaxMs: number;
  /** Attempts before an event is given up as `failed`. */
  maxAttempts: number;
  /** The address of this API, for the integration to call back (`apiEndpoint`). */
  apiEndpoint: () => string;
  /** Jitter source in [0, 1); default `Math.random`. */
  random?: () => number;
}

/** Delivery defaults: 10 s per attempt, retries after 10 s, 20 s, 40 s … up to 1 h, 10 attempts. */
export const DEFAULT_DELIVERY: Readonly<
  Pick<DeliveryOptions, 'timeoutMs' | 'retryBaseMs' | 'retryMaxMs' | 'maxAttempts'>
> = {
  timeoutMs: 10_000,
  retryBaseMs: 10_000,
  retryMaxMs: 60 * 60 * 1000,
  maxAttempts: 10,
};

/** How one attempt ended. */
type Outcome = 'delivered' | 'not_handled' | 'retry' | 'failed';

/**
 * The delay before attempt `attempt + 1`: exponential (`base · 2^(attempt-1)`, at most `max`)
 * with "equal jitter" (half fixed, half random), so receivers that failed together are not all
 * retried in the same instant.
 */
export function deliveryDelay(
  attempt: number,
  options: Pick<DeliveryOptions, 'retryBaseMs' | 'retryMaxMs'>,
  random: () => number,
): number {
  const exponential = Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** (attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}

/** What an answer means: 2xx delivered, 406 not handled, 429 and 5xx retried, others failed. */
function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 406) return 'not_handled';
  if (status === 429 || status >= 500) return 'retry';
  return 'failed';
}

/**
 * Where an installation's events go: the development tunnel while development mode is on (for
 * the owning organization's installations only, unless it takes all), else the endpoint given
 * at publish under `/v1` (the runtime's production check), else nowhere.
 */
export function deliveryUrl(
  integration: IntegrationRow,
  installation: InstallationRow,
): string | undefined {
  const tunnel = integration.dev_tunnel_url;
  if (
    tunnel !== null &&
    (Boolean(integration.dev_all) || installation.organization_id === integration.organization_id)
  )
    return tunnel;
  return integration.endpoint === null
    ? undefined
    : `${integration.endpoint.replace(/\/+$/, '')}/v1`;
}

/**
 * The job that makes one delivery attempt of an event: POSTs it signed (see `deliveryMessage`),
 * then, in the transaction that finishes the job, records the attempt (outcome, status, duration)
 * and the event's state, and for a retry queues the next attempt after {@link deliveryDelay}.
 * The attempt is the job: a server killed after the POST and before the record leaves the job
 * claimed until its lease runs out, and the next claim delivers the same event id again, so a
 * receiver sees it at most once more and can drop it by `webhook-id`.
 */
export function deliverEventHandler(db: Db, options: DeliveryOptions): JobHandler {
  const random = options.random ?? Math.random;
  return {
    kind: DELIVER_EVENT_JOB,
    run: async (job) => {
      const { eventId } = job.payload as { eventId: string };
      const event = await db
        .selectFrom('integration_events')
        .selectAll()
        .where('id', '=', eventId)
        .executeTakeFirst();
      if (event?.state !== 'pending' || event.installation_id === null) return;
      const integration = await db
        .selectFrom('integrations')
        .selectAll()
        .where('id', '=', event.integration_id)
        .executeTakeFirstOrThrow();
      const installation = await db
        .selectFrom('integration_installations')
        .selectAll()
        .where('id', '=', event.installation_id)
        .executeTakeFirstOrThrow();
      const number = event.attempts + 1;
      const url = deliveryUrl(integration, installation);
      const started = options.clock.now();
      const startedMs = performance.now();
      let outcome: Outcome;
      let status: number | null = null;
      let error: string | null = null;
      if (url === undefined) {
        outcome = 'failed';
        error = 'the integration has no endpoint and is not in development mode';
      } else {
        const message = await deliveryMessage(
          db,
          { event, integration, installation },
          { ...options, apiEndpoint: options.apiEndpoint() },
        );
        try {
          const answer = await postUrl(url, message, options, job.signal);
          status = answer.status;
          outcome = outcomeOf(answer.status);
          if (outcome !== 'delivered' && answer.body !== '') error = answer.body.slice(0, 500);
        } catch (failure) {
          // A refused address will not change; a timeout or a network error may.
          if (!(failure instanceof FetchUrlError)) throw failure;
          outcome = failure.failure === 'refused' ? 'failed' : 'retry';
          error = failure.message;
        }
      }
      if (outcome === 'retry' && number >= options.maxAttempts) outcome = 'failed';
      const durationMs = Math.round(performance.now() - startedMs);
      await job.finish(async (trx) => {
        const now = options.clock.now();
        const moved = await trx
          .updateTable('integration_events')
          .set({
            state: outcome === 'retry' ? 'pending' : outcome,
            attempts: number,
            updated_at: now.toISOString(),
          })
          .where('id', '=', eventId)
          .where('attempts', '=', event.attempts)
          .executeTakeFirst();
        // Another claim recorded this attempt already (this one's lease ran out meanwhile).
        if (moved.numUpdatedRows === 0n) return;
        await trx
          .insertInto('integration_event_attempts')
          .values({
            event_id: eventId,
            number,
            url: url ?? '',
            outcome,
            response_code: status,
            error,
            duration_ms: durationMs,
            started_at: started.toISOString(),
          })
          .execute();
        if (outcome === 'retry')
          await enqueueJob(
            trx,
            {
              kind: DELIVER_EVENT_JOB,
              payload: { eventId },
              runAfter: new Date(now.getTime() + deliveryDelay(number, options, random)),
            },
            options,
          );
      });
    },
  };
}
