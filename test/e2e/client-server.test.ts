import {
  BadRequestError,
  createClient,
  NotFoundError,
  UnauthorizedError,
  type ApiClient,
} from '@docsync/client';
import { startTestServer, type TestServer } from '@docsync/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('ApiClient against the docsync server', () => {
  let server: TestServer;
  let client: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    client = createClient({ baseUrl: server.baseUrl, token: server.token, concurrency: 4 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates spaces, pages through them, updates one and deletes it', async () => {
    const organizationId = server.organizationId;
    const organizations = await client.listAll('listOrganizationsForAuthenticatedUser');
    expect(organizations.map((organization) => organization.id)).toContain(organizationId);

    const created = await Promise.all(
      ['Guides', 'Reference', 'Changelog'].map((title) =>
        client.request('createSpace', { params: { organizationId }, body: { title } }),
      ),
    );
    const listed = await client.listAll('listSpacesInOrganization', {
      params: { organizationId },
      query: { limit: 2 },
    });
    expect(listed.map((space) => space.id).sort()).toEqual(created.map((space) => space.id).sort());

    const [first] = created;
    if (first === undefined) throw new Error('no space was created');
    const updated = await client.request('updateSpaceById', {
      params: { spaceId: first.id },
      body: { title: 'User guides' },
    });
    expect(updated.title).toBe('User guides');
    const read = await client.request('getSpaceById', { params: { spaceId: first.id } });
    expect(read.title).toBe('User guides');

    await expect(
      client.request('deleteSpaceById', { params: { spaceId: first.id } }),
    ).resolves.toBeUndefined();
  });

  it('reports the server’s errors with their class, status and message', async () => {
    const notFound = await client
      .request('getSpaceById', { params: { spaceId: 'no/such space' } })
      .catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect(notFound).toMatchObject({ code: 'not-found', status: 404, method: 'GET' });
    expect((notFound as NotFoundError).serverMessage).toEqual(expect.any(String));

    const invalid = await client
      .request('listSpacesInOrganization', {
        params: { organizationId: server.organizationId },
        query: { limit: 5000 },
      })
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(BadRequestError);

    const stranger = createClient({ baseUrl: server.baseUrl, token: 'not-a-token' });
    const unauthorized = await stranger
      .listAll('listOrganizationsForAuthenticatedUser')
      .catch((error: unknown) => error);
    expect(unauthorized).toBeInstanceOf(UnauthorizedError);
  });
});
