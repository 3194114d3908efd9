import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import { mintIntegrationToken } from '../auth/integration-tokens.js';
import { readJson } from '../resources/json-column.js';
import type { Db } from '../storage/schema.js';
import {
  installationResource,
  integrationResource,
  type EventRow,
  type InstallationRow,
  type IntegrationRow,
} from './integration-resource.js';
import { signDelivery } from './sign-delivery.js';
import { installedSpaces } from './target-installations.js';

/** One delivery, ready to POST. */
export interface DeliveryMessage {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The request `@gitbook/runtime` reads (`createIntegration().fetch`): a multipart form with the
 * event (`event`) and the environment it runs in (`environment`: the integration, the
 * installation, its secrets, the signing secret, this API's address and fresh tokens of the
 * integration and of the installation), signed (see `signDelivery`).
 */
export async function deliveryMessage(
  db: Db,
  delivery: { event: EventRow; integration: IntegrationRow; installation: InstallationRow },
  options: { clock: Clock; ids: IdGenerator; apiEndpoint: string },
): Promise<DeliveryMessage> {
  const { event, integration, installation } = delivery;
  const owner = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', integration.organization_id)
    .executeTakeFirstOrThrow();
  const spaces = await installedSpaces(db, installation);
  const base = options.apiEndpoint;
  const environment = {
    integration: integrationResource(integration, owner, 'guest', base),
    installation: installationResource(installation, integration.name, spaces, base),
    secrets: readJson(integration.secrets) as Record<string, string>,
    signingSecrets: { integration: integration.signing_secret },
    apiEndpoint: base,
    apiTokens: {
      integration: await mintIntegrationToken(db, { integrationId: integration.id }, options),
      installation: await mintIntegrationToken(
        db,
        { integrationId: integration.id, installationId: installation.id },
        options,
      ),
    },
  };
  const form = new FormData();
  form.set('event', event.payload);
  form.set('environment', JSON.stringify(environment));
  // The platform's own encoder writes the multipart body and its boundary.
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const signature = signDelivery(integration.signing_secret, {
    id: event.id,
    body,
    at: options.clock.now(),
  });
  return {
    body,
    headers: {
      'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data',
      'user-agent': 'docsync-integrations',
      ...signature,
    },
  };
}
