import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TimeoutError, type ApiClientError } from './errors.js';
import { sendError, sendJson, standInServers } from './testing/stand-in-server.js';
import { testClient } from './testing/test-client.js';

const standIn = standInServers();

describe('ApiClient timeouts', () => {
  it('fails with `timeout` when no response arrives within `timeoutMs`', async () => {
    const server = await standIn(() => {
      // Never answers.
    });
    const { client } = testClient(server, { timeoutMs: 50, retry: { retries: 0 } });

    const error = await client.request('getSpaceById', { params: { spaceId: 's' } }).then(
      () => expect.fail('expected a timeout'),
      (caught: unknown) => caught as ApiClientError,
    );

    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', method: 'GET', attempts: 1 });
  });

  it('lets one request override the client’s timeout', async () => {
    const server = await standIn(() => {
      // Never answers.
    });
    const { client } = testClient(server, { timeoutMs: 0, retry: { retries: 0 } });

    const error = await client
      .request('getSpaceById', { params: { spaceId: 's' }, timeoutMs: 30 })
      .then(
        () => expect.fail('expected a timeout'),
        (caught: unknown) => caught as ApiClientError,
      );

    expect(error.code).toBe('timeout');
  });

  it('counts reading the body against the timeout', async () => {
    const server = await standIn((_request, response) => {
      // Headers and half a body, then nothing.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"object":"space",');
    });
    const { client } = testClient(server, { timeoutMs: 50, retry: { retries: 0 } });

    const error = await client.request('getSpaceById', { params: { spaceId: 's' } }).then(
      () => expect.fail('expected a timeout'),
      (caught: unknown) => caught as ApiClientError,
    );

    expect(error).toBeInstanceOf(TimeoutError);
  });
});

describe('ApiClient concurrency', () => {
  it('never has more than `concurrency` requests in flight at the server', async () => {
    const held: { response: ServerResponse; id: string }[] = [];
    const server = await standIn((request, response) => {
      held.push({ response, id: request.url.split('/').pop() ?? '' });
    });
    const { client } = testClient(server, { concurrency: 3 });
    const ids = Array.from({ length: 10 }, (_, index) => `space-${index}`);

    const all = Promise.all(
      ids.map((spaceId) => client.request('getSpaceById', { params: { spaceId } })),
    );
    // Release the held responses a batch at a time. Each time the server holds three, the other
    // requests must be waiting in the client's queue, not on their way to the server.
    for (const remaining of [7, 4, 1]) {
      await server.waitForInFlight(3);
      expect(client.waiting).toBe(remaining);
      expect(client.inFlight).toBe(3);
      for (const { response, id } of held.splice(0)) sendJson(response, 200, { id });
    }
    await server.waitForInFlight(1);
    for (const { response, id } of held.splice(0)) sendJson(response, 200, { id });
    const spaces = await all;

    expect(spaces.map((space) => space.id)).toEqual(ids);
    expect(server.maxInFlight).toBe(3);
    expect(server.requests).toHaveLength(10);
  });

  it('frees the slot while a request waits to retry, so other requests go ahead', async () => {
    const server = await standIn((request, response) => {
      if (request.url.endsWith('/flaky') && server.requests.length === 1) {
        sendError(response, 503, 'Unavailable');
      } else sendJson(response, 200, { id: request.url.split('/').pop() });
    });
    let releaseSleep = () => {};
    const { client } = testClient(server, {
      concurrency: 1,
      sleep: () =>
        new Promise<void>((resolve) => {
          releaseSleep = resolve;
        }),
    });

    const flaky = client.request('getSpaceById', { params: { spaceId: 'flaky' } });
    // Queued behind the flaky request's first attempt; it can only complete (and this test only
    // get past the next line) if the flaky request gives up its slot while it waits to retry.
    const other = await client.request('getSpaceById', { params: { spaceId: 'other' } });
    releaseSleep();

    expect(other.id).toBe('other');
    expect((await flaky).id).toBe('flaky');
    expect(server.requests.map((request) => request.url)).toEqual([
      '/v1/spaces/flaky',
      '/v1/spaces/other',
      '/v1/spaces/flaky',
    ]);
  });
});
