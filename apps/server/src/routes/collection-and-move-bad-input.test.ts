import { ErrorBody } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const BODY_LIMIT = 64 * 1024;

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`bad input to collections and space moves is a 4xx (${dialect})`, () => {
    let server: TestServer;
    let collectionId: string;
    let spaceId: string;
    beforeAll(async () => {
      server = await startTestServer({ dialect, bodyLimit: BODY_LIMIT });
      const collection = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/collections`,
        { body: {} },
      );
      collectionId = (collection.body as { id: string }).id;
      const space = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
        body: {},
      });
      spaceId = (space.body as { id: string }).id;
    });
    afterAll(async () => {
      await server.close();
    });

    /** Each operation that reads a JSON body, with bodies that break its schema. */
    const writes = () =>
      [
        {
          operation: 'createCollection',
          method: 'POST',
          path: `/v1/orgs/${server.organizationId}/collections`,
          invalid: [
            [{ title: 42 }, 'body/title'],
            [{ title: 'x'.repeat(51) }, 'body/title'],
            [{ parent: 7 }, 'body/parent'],
          ],
        },
        {
          operation: 'updateCollectionById',
          method: 'PATCH',
          path: `/v1/collections/${collectionId}`,
          invalid: [
            [{ title: 42 }, 'body/title'],
            [{ title: 'x'.repeat(51) }, 'body/title'],
            [{ description: 'x'.repeat(101) }, 'body/description'],
            [{ description: false }, 'body/description'],
            [{ defaultLevel: 'owner' }, 'body/defaultLevel'],
          ],
        },
        ...(['collections', 'spaces'] as const).map((kind) => ({
          operation: kind === 'spaces' ? 'moveSpace' : 'moveCollection',
          method: 'POST',
          path: `/v1/${kind}/${kind === 'spaces' ? spaceId : collectionId}/move`,
          invalid: [
            [{ parent: 5 }, 'body/parent'],
            [{ position: {} }, 'body/position'],
            [{ position: { before: { type: 'site-space', space: 'x' } } }, 'body/position'],
            [{ position: { before: { type: 'space' } } }, 'body/position'],
            [
              {
                position: {
                  before: { type: 'space', space: 'a' },
                  after: { type: 'space', space: 'b' },
                },
              },
              'body/position',
            ],
          ],
        })),
        {
          operation: 'transferCollection',
          method: 'POST',
          path: `/v1/collections/${collectionId}/transfer`,
          invalid: [
            [{}, 'body'],
            [{ organization: 5 }, 'body/organization'],
            [{ organization: '' }, 'body/organization'],
          ],
        },
        {
          operation: 'transferSpace',
          method: 'POST',
          path: `/v1/spaces/${spaceId}/transfer`,
          invalid: [
            [{}, 'body'],
            [{ organization: ['x'] }, 'body/organization'],
            [{ organization: server.organizationId, collection: 3 }, 'body/collection'],
          ],
        },
      ] as const;

    /** Every operation that takes a body, with the bodyless duplicate, for transport errors. */
    const bodied = () => [
      ...writes().map(({ method, path }) => [method, path] as const),
      ['POST', `/v1/spaces/${spaceId}/duplicate`] as const,
    ];

    it('answers malformed JSON with 400', async () => {
      for (const [method, path] of bodied()) {
        const response = await server.http.request(method, path, {
          rawBody: '{"title": "unterminated',
          contentType: 'application/json',
        });
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(Value.Check(ErrorBody, response.body)).toBe(true);
        expect((response.body as ErrorBody).error.message).toMatch(/JSON/);
      }
    });

    it('answers a body over the limit with 413', async () => {
      const huge = JSON.stringify({ title: 'x'.repeat(BODY_LIMIT) });
      for (const [method, path] of bodied()) {
        const response = await server.http.request(method, path, {
          rawBody: huge,
          contentType: 'application/json',
        });
        expect(response.status, `${method} ${path}`).toBe(413);
        expect(response.body).toMatchObject({ error: { code: 413 } });
      }
    });

    it('answers a body that is not JSON with 415', async () => {
      for (const [method, path] of bodied()) {
        const response = await server.http.request(method, path, {
          rawBody: '<title/>',
          contentType: 'application/xml',
        });
        expect(response.status, `${method} ${path}`).toBe(415);
        expect(Value.Check(ErrorBody, response.body)).toBe(true);
      }
    });

    it('answers JSON of the wrong shape with 400 naming the body', async () => {
      for (const { method, path } of writes()) {
        for (const value of ['[]', '"text"', '42']) {
          const response = await server.http.request(method, path, {
            rawBody: value,
            contentType: 'application/json',
          });
          expect(response.status, `${method} ${path} ${value}`).toBe(400);
          expect((response.body as ErrorBody).error.message).toMatch(/^body/);
        }
      }
    });

    it('answers wrong types, unknown enum values and over-long strings with 400 naming the field', async () => {
      for (const { operation, method, path, invalid } of writes()) {
        for (const [body, field] of invalid) {
          const response = await server.http.request(method, path, { body });
          const label = `${operation} ${JSON.stringify(body).slice(0, 80)}`;
          expect(response.status, label).toBe(400);
          expect(Value.Check(ErrorBody, response.body), label).toBe(true);
          expect((response.body as ErrorBody).error.message, label).toContain(field);
        }
      }
    });

    it('answers bad list queries with 400 naming the parameter', async () => {
      for (const path of [
        `/v1/orgs/${server.organizationId}/collections`,
        `/v1/collections/${collectionId}/spaces`,
      ]) {
        for (const [query, parameter] of [
          ['limit=1001', 'query/limit'],
          ['limit=0', 'query/limit'],
          ['limit=ten', 'query/limit'],
          ['page=%%%', 'query/page'],
          ['page=bm9wZQ', 'query/page'],
        ] as const) {
          const response = await server.http.get(`${path}?${query}`);
          expect(response.status, `${path}?${query}`).toBe(400);
          expect((response.body as ErrorBody).error.message).toContain(parameter);
        }
      }
      const nested = await server.http.get(
        `/v1/orgs/${server.organizationId}/collections?nested=maybe`,
      );
      expect(nested.status).toBe(400);
      expect((nested.body as ErrorBody).error.message).toContain('query/nested');
    });

    it('answers odd path ids with a 4xx, never a 500', async () => {
      for (const id of ['x'.repeat(400), '%00', "'; DROP TABLE collections; --", 'é/ü']) {
        const encoded = encodeURIComponent(id);
        for (const [method, path] of [
          ['GET', `/v1/collections/${encoded}`],
          ['DELETE', `/v1/collections/${encoded}`],
          ['GET', `/v1/collections/${encoded}/spaces`],
          ['POST', `/v1/spaces/${encoded}/duplicate`],
        ] as const) {
          const response = await server.http.request(method, path);
          expect(response.status, `${method} ${path.slice(0, 60)}`).toBeLessThan(500);
          if (method === 'DELETE' && response.status === 204) continue;
          expect(Value.Check(ErrorBody, response.body)).toBe(true);
        }
      }
    });
  });
}
