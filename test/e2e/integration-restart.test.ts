/**
 * A `docsync serve` killed while it delivers an integration event: the receiver has the whole
 * request and has not answered when the process dies. The restarted service takes the delivery
 * job over once its lease ran out and delivers the event again: it is not lost, and the one
 * duplicate carries the same event id (payload `eventId`, header `webhook-id`), so the receiver
 * can drop it.
 */
import type { IntegrationEvent } from '@docsync/api';
import { EventReceiver, readDeliveryForm, testDialects } from '@docsync/server/testing';
import { createHttpClient, eventually, type HttpClient } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestartableServe } from '../support/serve-process.ts';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`docsync serve killed mid-delivery (${dialect})`, () => {
    const receiver = new EventReceiver();
    let serve: RestartableServe;
    beforeAll(async () => {
      await receiver.start();
      serve = await RestartableServe.open(dialect, process.env['DATABASE_URL']);
    });
    afterAll(async () => {
      await serve.close();
      await receiver.close();
    });

    it(
      'delivers the event after a restart: not lost, one duplicate with the same event id',
      { timeout: 60_000 },
      async () => {
        const first = await serve.start();
        const admin: HttpClient = createHttpClient(first.url, first.token);
        const organization = first.organizationId ?? '';
        const published = await admin.request('POST', '/v1/integrations/relay', {
          body: {
            title: 'Relay',
            script: 'export default {};',
            organization,
            endpoint: receiver.url,
          },
        });
        expect(published.status, published.text).toBe(200);

        // The first delivery reaches the receiver, which never answers; then the kill.
        receiver.hold = 1;
        const installed = await admin.request('POST', '/v1/integrations/relay/installations', {
          body: { organization },
        });
        expect(installed.status, installed.text).toBe(201);
        const held = await receiver.nth(0);
        expect(held.status).toBe(0);
        await serve.kill(first);

        const second = await serve.start();
        const again = createHttpClient(second.url, first.token);
        const redelivered = await receiver.nth(1);
        expect(redelivered.status).toBe(200);
        const event = await eventually(
          async () => {
            const listed = (await again.get('/v1/integrations/relay/events')).body as {
              items: IntegrationEvent[];
            };
            const found = listed.items[0];
            return found?.delivery?.state === 'delivered' ? found : undefined;
          },
          { withinMs: 20_000 },
        );
        // The killed attempt left no record; the restarted one's is the first.
        expect(event.delivery?.attempts).toMatchObject([
          { number: 1, outcome: 'delivered', responseCode: 200 },
        ]);
        const [before, after] = await Promise.all([
          readDeliveryForm(held),
          readDeliveryForm(redelivered),
        ]);
        expect(before.event).toEqual(after.event);
        expect(after.event).toMatchObject({ eventId: event.id, type: 'installation_setup' });
        expect(held.headers['webhook-id']).toBe(event.id);
        expect(redelivered.headers['webhook-id']).toBe(event.id);
        // Nothing more arrives: one delivery, one duplicate.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(receiver.received).toHaveLength(2);
      },
    );
  });
}
