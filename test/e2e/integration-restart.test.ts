/**
 * A `docsync serve` killed while it delivers an integration event: the receiver has the whole
 * request and has not answered when the process dies. The restarted service takes the delivery
 * job over once its lease ran out and delivers the event again: it is not lost, and the one
 * duplicate carries the same event id (payload `eventId`, header `webhook-id`), so the receiver
 * can drop it.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { IntegrationEvent } from '@docsync/api';
import { openDatabase } from '@docsync/server';
import { EventReceiver, readDeliveryForm } from '@docsync/server/testing';
import { createHttpClient, makeTempDir, type HttpClient } from '@docsync/test-utils';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSchema, startServe, type ServeProcess } from '../support/serve-process.ts';

const databaseUrl = process.env['DATABASE_URL'];

/** Until `check` answers something, at most 20 s. */
async function eventually<T>(check: () => Promise<T | undefined>): Promise<T> {
  const started = performance.now();
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (performance.now() - started > 20_000) throw new Error('not within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const dialects = [
  { dialect: 'sqlite', skip: false },
  { dialect: 'postgres', skip: databaseUrl === undefined },
] as const;

for (const { dialect, skip } of dialects) {
  describe.skipIf(skip)(`docsync serve killed mid-delivery (${dialect})`, () => {
    const receiver = new EventReceiver();
    let url: string | undefined;
    let schema: string | undefined;
    const running: ServeProcess[] = [];
    beforeAll(async () => {
      await receiver.start();
      if (dialect === 'postgres') {
        schema = `e2e_${randomBytes(6).toString('hex')}`;
        // Created and migrated here, so both processes find it ready.
        const database = await openDatabase({ url: databaseUrl ?? '', schema });
        await database.close();
        url = inSchema(databaseUrl ?? '', schema);
      }
    });
    afterAll(async () => {
      for (const process of running) process.child.kill('SIGKILL');
      await receiver.close();
      if (schema !== undefined) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    });

    it(
      'delivers the event after a restart: not lost, one duplicate with the same event id',
      { timeout: 60_000 },
      async () => {
        const dir = await makeTempDir('integration-restart');
        try {
          const env = { DOCSYNC_FETCH_ALLOW: '127.0.0.1/32', DOCSYNC_JOB_LEASE_SECONDS: '1' };
          const first = await startServe(url, dir.join('data'), env);
          running.push(first);
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
          const exited = once(first.child, 'exit');
          first.child.kill('SIGKILL');
          await exited;

          const second = await startServe(url, dir.join('data'), env);
          running.push(second);
          const again = createHttpClient(second.url, first.token);
          const redelivered = await receiver.nth(1);
          expect(redelivered.status).toBe(200);
          const event = await eventually(async () => {
            const listed = (await again.get('/v1/integrations/relay/events')).body as {
              items: IntegrationEvent[];
            };
            const found = listed.items[0];
            return found?.delivery?.state === 'delivered' ? found : undefined;
          });
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
          second.child.kill('SIGKILL');
        } finally {
          await dir.remove();
        }
      },
    );
  });
}
