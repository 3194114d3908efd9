import { describe, expect, it } from 'vitest';
import { InvalidResponseError } from './errors.js';
import {
  sendError,
  sendJson,
  standInServers,
  type StandInHandler,
} from './testing/stand-in-server.js';
import { testClient } from './testing/test-client.js';

const standIn = standInServers();

/** Three pages of spaces behind opaque cursors, the last one without `next`. */
const pages: Readonly<Record<string, { items: { id: string }[]; next?: { page: string } }>> = {
  first: { items: [{ id: 'a' }, { id: 'b' }], next: { page: 'cursor~2' } },
  'cursor~2': { items: [{ id: 'c' }, { id: 'd' }], next: { page: 'cursor~3' } },
  'cursor~3': { items: [{ id: 'e' }] },
};

const answerPages: StandInHandler = (request, response) => {
  const page = new URL(request.url, 'http://stand-in').searchParams.get('page') ?? 'first';
  const body = pages[page];
  if (body === undefined) sendError(response, 400, `Unknown page ${page}`);
  else sendJson(response, 200, { ...body, count: 5 });
};

describe('ApiClient.paginate', () => {
  it('walks three pages following `next.page`, keeping the caller’s query', async () => {
    const server = await standIn(answerPages);
    const { client } = testClient(server);

    const ids: string[] = [];
    for await (const space of client.paginate('listSpacesInOrganization', {
      params: { organizationId: 'org 1' },
      query: { limit: 2 },
    })) {
      ids.push(space.id);
    }

    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(server.requests.map((request) => request.url)).toEqual([
      '/v1/orgs/org%201/spaces?limit=2',
      '/v1/orgs/org%201/spaces?limit=2&page=cursor%7E2',
      '/v1/orgs/org%201/spaces?limit=2&page=cursor%7E3',
    ]);
  });

  it('fetches the next page only when the iterator is consumed that far', async () => {
    const server = await standIn(answerPages);
    const { client } = testClient(server);

    for await (const space of client.paginate('listSpacesInOrganization', {
      params: { organizationId: 'o' },
    })) {
      if (space.id === 'b') break;
    }

    expect(server.requests).toHaveLength(1);
  });

  it('collects every item with listAll', async () => {
    const server = await standIn(answerPages);
    const { client } = testClient(server);

    const spaces = await client.listAll('listSpacesInOrganization', {
      params: { organizationId: 'o' },
    });

    expect(spaces.map((space) => space.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('stops with `invalid-response` when the server hands back the cursor it was sent', async () => {
    const server = await standIn((_request, response) => {
      sendJson(response, 200, { items: [{ id: 'x' }], next: { page: 'same' } });
    });
    const { client } = testClient(server);

    const error = await client
      .listAll('listOrganizationsForAuthenticatedUser')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(server.requests).toHaveLength(2);
  });

  it('stops with `invalid-response` when an untyped operation does not answer a list', async () => {
    const server = await standIn((_request, response) => {
      sendJson(response, 200, { object: 'space', id: 's' });
    });
    const { client } = testClient(server);
    const operationId: string = 'getSpaceById';

    const error = await client
      .listAll(operationId, { params: { spaceId: 's' } })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(InvalidResponseError);
  });
});
