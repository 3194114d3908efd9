import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  ApiClientError,
  BadRequestError,
  ConflictError,
  InvalidRequestError,
  InvalidResponseError,
  NotFoundError,
  UnauthorizedError,
} from './errors.js';
import { sendError, sendJson, standInServers } from './testing/stand-in-server.js';
import { TEST_TOKEN, testClient } from './testing/test-client.js';

const standIn = standInServers();

/** The rejection of `promise`, which must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the request to fail'),
    (error: unknown) => error,
  );
}

describe('ApiClient.request', () => {
  it('sends the route’s method and path with the token, `Accept: */*` and the user agent', async () => {
    const server = await standIn((_request, response) => {
      sendJson(response, 200, { object: 'space', id: 'space-1' });
    });
    const { client } = testClient(server, { userAgent: 'docsync-test/1' });

    const space = await client.request('getSpaceById', { params: { spaceId: 'space-1' } });

    expect(space.id).toBe('space-1');
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/v1/spaces/space-1');
    expect(request?.headers['authorization']).toBe(`Bearer ${TEST_TOKEN}`);
    expect(request?.headers['accept']).toBe('*/*');
    expect(request?.headers['user-agent']).toBe('docsync-test/1');
    expect(request?.headers['content-type']).toBeUndefined();
  });

  it('percent-encodes each path parameter as one segment', async () => {
    const server = await standIn((_request, response) => {
      sendJson(response, 200, { object: 'change-request', id: 'cr' });
    });
    const { client } = testClient(server);

    await client.request('getChangeRequestById', {
      params: { spaceId: 'a/b?c#d', changeRequestId: 'é 1%' },
    });

    expect(server.requests[0]?.url).toBe('/v1/spaces/a%2Fb%3Fc%23d/change-requests/%C3%A9%201%25');
  });

  it('serialises arrays in the query as repeated keys and leaves out undefined members', async () => {
    const server = await standIn((_request, response) => {
      sendJson(response, 200, { items: [] });
    });
    const { client } = testClient(server);

    await client.request('listCommentsInSpace', {
      params: { spaceId: 's' },
      query: { authors: ['u1', 'u 2'], status: 'open', limit: 10, targetPage: undefined },
    });

    expect(server.requests[0]?.url).toBe(
      '/v1/spaces/s/comments?authors=u1&authors=u+2&status=open&limit=10',
    );
  });

  it('sends a JSON body with `Content-Type: application/json`', async () => {
    const server = await standIn((_request, response) => {
      sendJson(response, 201, { object: 'change-request', id: 'cr-1' });
    });
    const { client } = testClient(server);

    await client.request('createChangeRequest', {
      params: { spaceId: 's' },
      body: { subject: 'Fix the setup page' },
    });

    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ subject: 'Fix the setup page' });
  });

  it('sends no content type and no body on a bodyless POST (merge)', async () => {
    const server = await standIn((_request, response) => {
      sendJson(response, 200, { result: 'merge', revision: 'r2' });
    });
    const { client } = testClient(server);

    const merged = await client.request('mergeChangeRequest', {
      params: { spaceId: 's', changeRequestId: '3' },
    });

    expect(merged.result).toBe('merge');
    expect(server.requests[0]?.method).toBe('POST');
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
    expect(server.requests[0]?.body).toBe('');
  });

  it('resolves to undefined for a 204', async () => {
    const server = await standIn((_request, response) => {
      response.writeHead(204).end();
    });
    const { client } = testClient(server);

    await expect(
      client.request('deleteSpaceById', { params: { spaceId: 's' } }),
    ).resolves.toBeUndefined();
    expect(server.requests[0]?.method).toBe('DELETE');
  });

  it('calls operations outside the typed map by operationId, untyped', async () => {
    const server = await standIn((_request, response) => {
      sendJson(response, 201, { id: 'team-1' });
    });
    const { client } = testClient(server);
    const operationId: string = 'createOrganizationTeam';

    const team = await client.request(operationId, {
      params: { organizationId: 'o' },
      body: { title: 'Docs' },
    });

    expect(team).toEqual({ id: 'team-1' });
    expect(server.requests[0]?.method).toBe('PUT');
    expect(server.requests[0]?.url).toBe('/v1/orgs/o/teams');
  });

  it('rejects an unknown operationId and a missing path parameter before sending anything', async () => {
    const server = await standIn((_request, response) => {
      sendJson(response, 200, {});
    });
    const { client } = testClient(server);

    const unknown = await rejectionOf(client.request('noSuchOperation'));
    const missing = await rejectionOf(client.request('getSpaceById', { params: { spaceId: '' } }));

    expect(unknown).toBeInstanceOf(InvalidRequestError);
    expect(missing).toBeInstanceOf(InvalidRequestError);
    expect((missing as ApiClientError).code).toBe('invalid-request');
    expect(server.requests).toHaveLength(0);
  });

  it('fails with `invalid-response` when a success body is not JSON', async () => {
    const server = await standIn((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>');
    });
    const { client } = testClient(server);

    const error = await rejectionOf(client.request('getGitInfo', { params: { spaceId: 's' } }));

    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as ApiClientError).status).toBe(200);
  });

  it('fails with `aborted` when the caller’s signal aborts a request in flight', async () => {
    const server = await standIn(() => {
      // Never answers: only the abort can end the request.
    });
    const { client } = testClient(server);
    const controller = new AbortController();

    const pending = rejectionOf(
      client.request('getSpaceById', { params: { spaceId: 's' }, signal: controller.signal }),
    );
    await server.waitForInFlight(1);
    controller.abort();
    const error = await pending;

    expect(error).toBeInstanceOf(AbortedError);
    expect((error as ApiClientError).code).toBe('aborted');
    expect(server.requests).toHaveLength(1);
  });
});

describe('ApiClient errors', () => {
  it('carry status, code, method, url, operationId and the server’s message', async () => {
    const server = await standIn((_request, response) => {
      sendError(response, 404, 'Space not found');
    });
    const { client } = testClient(server);

    const error = await rejectionOf(
      client.request('getSpaceById', { params: { spaceId: 'missing' }, query: { shareKey: 'k' } }),
    );

    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      code: 'not-found',
      status: 404,
      method: 'GET',
      url: `${server.baseUrl}/v1/spaces/missing?shareKey=k`,
      operationId: 'getSpaceById',
      serverMessage: 'Space not found',
      attempts: 1,
    });
  });

  it('map 400, 401 and 409 to their classes and codes', async () => {
    const statuses = [400, 401, 409];
    const server = await standIn((_request, response, index) => {
      sendError(response, statuses[index] ?? 500, 'no');
    });
    const { client } = testClient(server);
    const body = { subject: 'x' };

    const errors = [];
    for (const _status of statuses) {
      errors.push(
        await rejectionOf(
          client.request('createChangeRequest', { params: { spaceId: 's' }, body }),
        ),
      );
    }

    expect(errors[0]).toBeInstanceOf(BadRequestError);
    expect(errors[1]).toBeInstanceOf(UnauthorizedError);
    expect(errors[2]).toBeInstanceOf(ConflictError);
    expect(errors.map((error) => (error as ApiClientError).code)).toEqual([
      'bad-request',
      'unauthorized',
      'conflict',
    ]);
  });

  it('never contain the token, however they are printed', async () => {
    const server = await standIn((request, response) => {
      if (request.method === 'GET') response.socket?.destroy();
      else sendError(response, 403, 'Not allowed');
    });
    const { client } = testClient(server, { retry: { retries: 0 } });

    const network = await rejectionOf(client.request('getSpaceById', { params: { spaceId: 's' } }));
    const forbidden = await rejectionOf(
      client.request('createSpace', { params: { organizationId: 'o' }, body: {} }),
    );

    for (const error of [network, forbidden]) {
      expect(error).toBeInstanceOf(ApiClientError);
      const printed = [
        inspect(error, { depth: Infinity, showHidden: true }),
        JSON.stringify(error),
        String(error),
        (error as Error).stack ?? '',
      ].join('\n');
      expect(printed).not.toContain(TEST_TOKEN);
    }
    expect((network as ApiClientError).code).toBe('network');
    expect((forbidden as ApiClientError).code).toBe('forbidden');
  });

  it('say that fetch will not connect to a port the Fetch standard blocks, rather than a lost connection', async () => {
    // 4190 (ManageSieve) is on the Fetch standard's list: undici refuses it without connecting.
    const { client } = testClient({ baseUrl: 'http://127.0.0.1:4190' }, { retry: { retries: 0 } });
    const error = await rejectionOf(client.request('getAuthenticatedUser', {}));
    expect(error).toMatchObject({ code: 'network', status: undefined });
    expect((error as Error).message).toBe(
      'GET http://127.0.0.1:4190/v1/user: fetch refuses to connect to the port of http://127.0.0.1:4190 (one the Fetch standard blocks, as browsers do); serve on another port',
    );
  });
});
