import { request } from 'node:http';
import type { Space } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger.js';
import { seedOrganizationWithMembers } from '../testing/seed-organization-with-members.js';
import { seedSiteClients } from '../testing/site-client.js';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** Issue 21, item 7: the smaller findings of the probe, one test each. */
for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`hardening (${dialect})`, () => {
    let server: TestServer;
    const logged: string[] = [];
    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        logger: createLogger({ destination: { write: (line) => logged.push(line) } }),
      });
    });
    afterAll(async () => {
      await server.close();
    });

    it('refuses merge rules naming a user who is not a member of the organization', async () => {
      const other = await seedOrganizationWithMembers(server.db, server.clock, [{ role: 'admin' }]);
      const outsider = other.members[0]?.userId ?? '';
      const rules = {
        mergeRules: {
          type: 'rules',
          rules: [{ rule: 'require_specific_reviewers', users: [server.userId, outsider] }],
        },
      };
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      const onSpace = await server.http.request('PATCH', `/v1/spaces/${space.id}`, { body: rules });
      expect(onSpace.status, onSpace.text).toBe(400);
      expect(onSpace.text).toContain(`body/mergeRules/rules/0/users/1 \`${outsider}\``);
      const onOrganization = await server.http.request(
        'PATCH',
        `/v1/orgs/${server.organizationId}`,
        { body: rules },
      );
      expect(onOrganization.status, onOrganization.text).toBe(400);
      const members = await server.http.request('PATCH', `/v1/spaces/${space.id}`, {
        body: {
          mergeRules: {
            ...rules.mergeRules,
            rules: [{ ...rules.mergeRules.rules[0], users: [server.userId] }],
          },
        },
      });
      expect(members.status, members.text).toBe(200);
    });

    it('does not show the agent instructions to a guest', async () => {
      const { organizationId, members } = await seedOrganizationWithMembers(
        server.db,
        server.clock,
        [{ role: null }, { role: 'read' }],
      );
      const path = `/v1/orgs/${organizationId}/agent-instructions`;
      const guest = await server.http.get(path, { token: members[0]?.token ?? '' });
      expect(guest.status, guest.text).toBe(403);
      const reader = await server.http.get(path, { token: members[1]?.token ?? '' });
      expect(reader.status, reader.text).toBe(200);
    });

    it('lets a `create` member publish only a space they may edit', async () => {
      const { clients } = await seedSiteClients(server, ['admin', 'create']);
      const [admin, creator] = clients;
      if (admin === undefined || creator === undefined) throw new Error('two members were seeded');
      const space = await admin.createSpace('Read only for members');
      const restricted = await admin.request('PATCH', `/v1/spaces/${space.id}`, {
        body: { defaultLevel: 'read' },
      });
      expect(restricted.status, restricted.text).toBe(200);
      const site = await creator.createSite();
      const published = await creator.request('POST', creator.path(`/${site.id}/site-spaces`), {
        body: { spaceId: space.id },
      });
      expect(published.status, published.text).toBe(403);
      expect(published.text).toContain('publish this space');
      const own = await creator.createSpace('Their own');
      const ownPublished = await creator.request('POST', creator.path(`/${site.id}/site-spaces`), {
        body: { spaceId: own.id },
      });
      expect(ownPublished.status, ownPublished.text).toBe(201);
    });

    it('never logs a share key', async () => {
      logged.length = 0;
      const secret = 'share-key-that-must-not-be-logged';
      const read = await server.http.get(
        `/v1/orgs/${server.organizationId}/sites?shareKey=${secret}`,
      );
      expect(read.status).toBeLessThan(500);
      expect(logged.join('')).toContain('shareKey=[redacted]');
      expect(logged.join('')).not.toContain(secret);
    });

    it('sends nosniff and no-store with JSON', async () => {
      for (const path of ['/v1/orgs', '/v1/no-such-route']) {
        const response = await server.http.get(path);
        expect(response.headers.get('content-type')).toContain('application/json');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('refuses tree paths with backslashes', async () => {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      const sent = await sendTree(
        server.http,
        space.id,
        [textBlob('README.md', '# Home\n'), textBlob('docs\\..\\..\\escape.md', '# Out\n')],
        { oid: commitOid(1), message: 'backslash' },
      );
      expect(sent.status, sent.text).toBe(400);
      expect(sent.text).toContain('backslashes');
    });
  });
}

describe('a server with a public URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      publicUrl: 'https://docs.example.com',
      allowedHosts: ['docs.example.com', '127.0.0.1'],
    });
  });
  afterAll(async () => {
    await server.close();
  });

  /** `GET /v1/orgs` with a `Host` header of its own (fetch sends the URL's). */
  function getWithHost(host: string): Promise<{ status: number; body: unknown }> {
    const { hostname, port } = new URL(server.baseUrl);
    return new Promise((resolve, reject) => {
      const sent = request(
        {
          hostname,
          port,
          path: '/v1/orgs',
          headers: { host, authorization: `Bearer ${server.token}` },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown });
          });
        },
      );
      sent.on('error', reject);
      sent.end();
    });
  }

  it('builds links from it and refuses other Host headers with 421', async () => {
    const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).toContain('https://docs.example.com/');
    expect(JSON.stringify(created.body)).not.toContain('127.0.0.1');
    const proxied = await getWithHost('docs.example.com');
    expect(proxied.status).toBe(200);
    const reflected = await getWithHost('evil.example');
    expect(reflected.status).toBe(421);
    expect(reflected.body).toMatchObject({ error: { code: 421 } });
  });
});
