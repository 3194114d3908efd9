import { describe, expect, it } from 'vitest';
import {
  NetworkError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  type ApiClientError,
} from './errors.js';
import { sendError, sendJson, standInServers } from './testing/stand-in-server.js';
import { testClient } from './testing/test-client.js';

const standIn = standInServers();

async function rejectionOf(promise: Promise<unknown>): Promise<ApiClientError> {
  return promise.then(
    () => expect.fail('expected the request to fail'),
    (error: unknown) => error as ApiClientError,
  );
}

const space = { object: 'space', id: 's' };
const changeRequestBody = { subject: 'Sync from git ✓', template: { id: 't', params: {} } };

describe('ApiClient retries', () => {
  it('retries a 429 on a POST after the `Retry-After` seconds, re-sending the body intact', async () => {
    const server = await standIn((_request, response, index) => {
      if (index === 0) sendError(response, 429, 'Slow down', { 'retry-after': '3' });
      else sendJson(response, 201, { object: 'change-request', id: 'cr-1' });
    });
    const { client, sleeps } = testClient(server);

    const created = await client.request('createChangeRequest', {
      params: { spaceId: 's' },
      body: changeRequestBody,
    });

    expect(created.id).toBe('cr-1');
    expect(sleeps).toEqual([3000]);
    expect(server.requests.map((request) => request.method)).toEqual(['POST', 'POST']);
    expect(server.requests[1]?.body).toBe(server.requests[0]?.body);
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual(changeRequestBody);
    expect(server.requests[1]?.headers['content-type']).toBe('application/json');
  });

  it('waits until a `Retry-After` HTTP date, read against the injected clock', async () => {
    const server = await standIn((_request, response, index) => {
      if (index === 0) {
        sendError(response, 429, 'Slow down', { 'retry-after': 'Wed, 01 Jan 2025 00:00:05 GMT' });
      } else sendJson(response, 200, space);
    });
    const { client, sleeps } = testClient(server, {
      now: () => Date.parse('2025-01-01T00:00:00Z'),
    });

    await client.request('getSpaceById', { params: { spaceId: 's' } });

    expect(sleeps).toEqual([5000]);
  });

  it('waits until `X-RateLimit-Reset` when there is no `Retry-After`', async () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    const server = await standIn((_request, response, index) => {
      if (index === 0) {
        sendError(response, 429, 'Slow down', {
          'x-ratelimit-limit': '100',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(now / 1000 + 7),
        });
      } else sendJson(response, 200, space);
    });
    const { client, sleeps } = testClient(server, { now: () => now });

    await client.request('getSpaceById', { params: { spaceId: 's' } });

    expect(sleeps).toEqual([7000]);
  });

  it('fails at once with `retryAfterMs` when a 429 asks for a longer wait than allowed', async () => {
    const server = await standIn((_request, response) => {
      sendError(response, 429, 'Come back in an hour', { 'retry-after': '3600' });
    });
    const { client, sleeps } = testClient(server);

    const error = await rejectionOf(client.request('getSpaceById', { params: { spaceId: 's' } }));

    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.code).toBe('rate-limited');
    expect(error).toMatchObject({ retryAfterMs: 3_600_000 });
    expect(error.serverMessage).toBe('Come back in an hour');
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 503 on a GET with capped exponential backoff until it succeeds', async () => {
    const server = await standIn((_request, response, index) => {
      if (index < 5) sendError(response, 503, 'Unavailable');
      else sendJson(response, 200, space);
    });
    const { client, sleeps } = testClient(server, { retry: { retries: 5, maxDelayMs: 500 } });

    const result = await client.request('getSpaceById', { params: { spaceId: 's' } });

    expect(result.id).toBe('s');
    expect(server.requests).toHaveLength(6);
    expect(sleeps).toEqual([100, 200, 400, 500, 500]);
  });

  it('does not retry a 503 on a POST, which may have taken effect', async () => {
    const server = await standIn((_request, response) => {
      sendError(response, 503, 'Unavailable');
    });
    const { client, sleeps } = testClient(server);

    const error = await rejectionOf(
      client.request('createChangeRequest', { params: { spaceId: 's' }, body: {} }),
    );

    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ code: 'server-error', status: 503, method: 'POST', attempts: 1 });
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('gives up after `retries` retries and reports how many attempts it made', async () => {
    const server = await standIn((_request, response) => {
      sendError(response, 502, 'Bad gateway');
    });
    const { client } = testClient(server, { retry: { retries: 2 } });

    const error = await rejectionOf(client.request('getSpaceById', { params: { spaceId: 's' } }));

    expect(error).toMatchObject({ code: 'server-error', status: 502, attempts: 3 });
    expect(server.requests).toHaveLength(3);
  });

  it('retries a GET whose connection the server closed without answering', async () => {
    const server = await standIn((_request, response, index) => {
      if (index === 0) response.socket?.destroy();
      else sendJson(response, 200, space);
    });
    const { client, sleeps } = testClient(server);

    const result = await client.request('getSpaceById', { params: { spaceId: 's' } });

    expect(result.id).toBe('s');
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([100]);
  });

  it('does not retry a POST whose connection the server closed', async () => {
    const server = await standIn((_request, response) => {
      response.socket?.destroy();
    });
    const { client } = testClient(server);

    const error = await rejectionOf(
      client.request('mergeChangeRequest', { params: { spaceId: 's', changeRequestId: '1' } }),
    );

    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'network', method: 'POST', attempts: 1 });
    expect(error.status).toBeUndefined();
    expect(server.requests).toHaveLength(1);
  });

  it('retries a GET that timed out, and fails with `timeout` once attempts run out', async () => {
    const server = await standIn(() => {
      // Never answers: every attempt times out.
    });
    const { client, sleeps } = testClient(server, { timeoutMs: 50, retry: { retries: 1 } });

    const error = await rejectionOf(client.request('getGitInfo', { params: { spaceId: 's' } }));

    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', method: 'GET', attempts: 2 });
    expect(sleeps).toEqual([100]);
    expect(server.requests).toHaveLength(2);
  });
});
