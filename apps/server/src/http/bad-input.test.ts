import { ErrorBody } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const BODY_LIMIT = 64 * 1024;

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`bad input never gets a 500 (${dialect})`, () => {
    let server: TestServer;
    let spaceId: string;
    beforeAll(async () => {
      server = await startTestServer({ dialect, bodyLimit: BODY_LIMIT });
      const created = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/spaces`,
        { body: {} },
      );
      spaceId = (created.body as { id: string }).id;
    });
    afterAll(async () => {
      await server.close();
    });

    /** Writes that take a JSON body. */
    const writes = () =>
      [
        ['PATCH', `/v1/spaces/${spaceId}`],
        ['POST', `/v1/orgs/${server.organizationId}/spaces`],
        ['PATCH', `/v1/orgs/${server.organizationId}`],
        ['PUT', `/v1/orgs/${server.organizationId}/agent-instructions`],
      ] as const;

    it('answers malformed JSON with 400', async () => {
      for (const [method, path] of writes()) {
        const response = await server.http.request(method, path, {
          rawBody: '{"title": "unterminated',
          contentType: 'application/json',
        });
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(Value.Check(ErrorBody, response.body)).toBe(true);
      }
    });

    it('answers a NUL character anywhere in a JSON body with 400 naming where', async () => {
      for (const [method, path] of writes()) {
        const response = await server.http.request(method, path, {
          rawBody: '{"title": "a\\u0000b", "other": {"x": "\\\\u0000 is fine escaped"}}',
          contentType: 'application/json',
        });
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(response.body).toMatchObject({ error: { code: 400 } });
        expect((response.body as { error: { message: string } }).error.message).toContain(
          'body/title',
        );
      }
    });

    it('answers an over-long path id and a malformed path in the API error shape', async () => {
      const long = await server.http.request('GET', `/v1/spaces/${'x'.repeat(600)}`);
      expect(long.status).toBe(414);
      expect(Value.Check(ErrorBody, long.body)).toBe(true);
      const bad = await server.http.request('GET', '/v1/spaces/%E0%A4%A');
      expect(bad.status).toBe(400);
      expect(Value.Check(ErrorBody, bad.body)).toBe(true);
    });

    it('answers a body over the limit with 413', async () => {
      const huge = JSON.stringify({ title: 'x'.repeat(BODY_LIMIT) });
      for (const [method, path] of writes()) {
        const response = await server.http.request(method, path, {
          rawBody: huge,
          contentType: 'application/json',
        });
        expect(response.status, `${method} ${path}`).toBe(413);
        expect(response.body).toMatchObject({ error: { code: 413 } });
      }
    });

    it('answers a body that is not JSON with 415 or 400', async () => {
      for (const [method, path] of writes()) {
        const xml = await server.http.request(method, path, {
          rawBody: '<title/>',
          contentType: 'application/xml',
        });
        expect(xml.status, `${method} ${path}`).toBe(415);
        expect(xml.body).toMatchObject({ error: { code: 415 } });
        const text = await server.http.request(method, path, {
          rawBody: 'title',
          contentType: 'text/plain',
        });
        expect([400, 415]).toContain(text.status);
      }
    });

    it('answers a JSON value of the wrong shape with 400 naming the part', async () => {
      for (const [method, path] of writes()) {
        for (const value of ['[]', '"text"', '42', 'null']) {
          const response = await server.http.request(method, path, {
            rawBody: value,
            contentType: 'application/json',
          });
          if (value === 'null' && method !== 'PUT') {
            // JSON null is "no body": all-optional bodies accept it.
            expect(response.status).toBeLessThan(300);
            continue;
          }
          expect(response.status, `${method} ${path} ${value}`).toBe(400);
          expect((response.body as ErrorBody).error.message).toMatch(/^body/);
        }
      }
    });

    it('checks the token before reading the body', async () => {
      const response = await server.http.request('PATCH', `/v1/spaces/${spaceId}`, {
        token: null,
        rawBody: '{not json',
        contentType: 'application/json',
      });
      expect(response.status).toBe(401);
    });

    it('answers an unknown route with a JSON 404', async () => {
      const response = await server.http.get('/v1/nothing-here');
      expect(response.status).toBe(404);
      expect(Value.Check(ErrorBody, response.body)).toBe(true);
    });

    it('echoes a request id, or makes one', async () => {
      const given = await server.http.get(`/v1/spaces/${spaceId}`, {
        headers: { 'x-request-id': 'abc-123' },
      });
      expect(given.headers.get('x-request-id')).toBe('abc-123');
      const made = await server.http.get(`/v1/spaces/${spaceId}`);
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
}
