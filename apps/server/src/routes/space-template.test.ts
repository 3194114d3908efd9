import {
  ErrorBody,
  type ChangeRequest,
  type File as ContentFile,
  type RevisionPages,
  type Space,
} from '@docsync/api';
import { gitBlobId } from '@docsync/core';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, seedUser } from '../testing/seed.js';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** A one-pixel PNG. */
const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** Page titles of a page tree, subpages indented under their page. */
function outline(pages: RevisionPages['pages'], depth = 0): string[] {
  return pages.flatMap((page) => [
    `${'  '.repeat(depth)}${page.title}`,
    ...('pages' in page ? outline(page.pages, depth + 1) : []),
  ]);
}

/** Whether a JSON value holds a reference to file `fileId`. */
function refersToFile(value: unknown, fileId: string): boolean {
  if (Array.isArray(value)) return value.some((item) => refersToFile(item, fileId));
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (record['kind'] === 'file' && record['file'] === fileId) return true;
  return Object.values(record).some((item) => refersToFile(item, fileId));
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`content templates over HTTP (${dialect})`, () => {
    let server: TestServer;
    let commits = 0;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await server.close();
    });

    /** A space holding a home page, a logo and an OpenAPI file; their file ids by name. */
    async function spaceWithFiles(): Promise<{ space: Space; files: Map<string, string> }> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      const logo = { path: '.gitbook/assets/logo.png', oid: gitBlobId(PNG), bytes: PNG };
      const tree = [
        textBlob(
          'README.md',
          '# Home\n\nWelcome.\n\n![](.gitbook/assets/logo.png)\n\n[Spec](.gitbook/assets/openapi.yaml)\n',
        ),
        logo,
        textBlob(
          '.gitbook/assets/openapi.yaml',
          'openapi: 3.1.0\ninfo:\n  title: Demo\n  version: 1.0.0\npaths: {}\n',
        ),
      ];
      const sent = await sendTree(server.http, space.id, tree, {
        oid: commitOid(++commits),
        message: 'files',
      });
      expect(sent.status).toBe(204);
      const listed = await server.http.get(`/v1/spaces/${space.id}/content/files`);
      const files = new Map(
        (listed.body as { items: ContentFile[] }).items.map((file) => [file.name, file.id]),
      );
      expect([...files.keys()].sort()).toEqual(['logo.png', 'openapi.yaml']);
      return { space, files };
    }

    const applyTemplate = (spaceId: string, body: unknown, token?: string) =>
      server.http.request('POST', `/v1/spaces/${spaceId}/content/template`, {
        body,
        ...(token === undefined ? {} : { token }),
      });
    const pagesOf = async (base: string) =>
      ((await server.http.get(`${base}/pages`)).body as RevisionPages).pages;
    const revisionOf = async (spaceId: string) =>
      ((await server.http.get(`/v1/spaces/${spaceId}`)).body as Space).revision;

    it('applies a template to the main content: its pages after the others, the logo bound', async () => {
      const { space, files } = await spaceWithFiles();
      const before = await revisionOf(space.id);
      const logo = files.get('logo.png') ?? '';
      const applied = await applyTemplate(space.id, {
        id: 'getting-started',
        params: { contentRefs: { logo: { kind: 'file', file: logo } } },
      });
      expect(applied.status).toBe(201);
      expect(applied.text).toBe('');
      expect(await revisionOf(space.id)).not.toBe(before);
      const pages = await pagesOf(`/v1/spaces/${space.id}/content`);
      expect(outline(pages)).toEqual(['Home', 'Welcome', 'Quickstart', 'FAQ']);
      const welcome = pages.find((page) => page.title === 'Welcome');
      const read = await server.http.get(`/v1/spaces/${space.id}/content/page/${welcome?.id}`);
      expect(refersToFile((read.body as { document: unknown }).document, logo)).toBe(true);
      const markdown = await server.http.get(
        `/v1/spaces/${space.id}/content/page/${welcome?.id}?format=markdown`,
      );
      expect((markdown.body as { markdown: string }).markdown).toContain('logo.png');
      const quickstart = pages.find((page) => page.title === 'Quickstart');
      const steps = await server.http.get(
        `/v1/spaces/${space.id}/content/page/${quickstart?.id}?format=markdown`,
      );
      expect((steps.body as { markdown: string }).markdown).toContain('npm install your-package');
    });

    it('applies a template to a change request, by number, leaving the main content alone', async () => {
      const { space, files } = await spaceWithFiles();
      const before = await revisionOf(space.id);
      const cr = (
        await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: {} })
      ).body as ChangeRequest;
      const spec = files.get('openapi.yaml') ?? '';
      const applied = await applyTemplate(space.id, {
        id: 'api-reference',
        params: { contentRefs: { spec: { kind: 'file', file: spec } } },
        changeRequestId: String(cr.number),
      });
      expect(applied.status).toBe(201);
      expect(await revisionOf(space.id)).toBe(before);
      const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
      const pages = await pagesOf(base);
      expect(outline(pages)).toEqual(['Home', 'API reference', '  Authentication', '  Errors']);
      const reference = pages.find((page) => page.title === 'API reference');
      const read = await server.http.get(`${base}/page/${reference?.id}`);
      expect(refersToFile((read.body as { document: unknown }).document, spec)).toBe(true);
      const after = await server.http.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`);
      expect((after.body as ChangeRequest).revision).not.toBe(cr.revision);
    });

    it('applies every template of the catalogue, twice, without clashing slugs', async () => {
      const { space, files } = await spaceWithFiles();
      const spec = { spec: { kind: 'file', file: files.get('openapi.yaml') } };
      for (const id of ['getting-started', 'api-reference', 'changelog', 'knowledge-base']) {
        const params = id === 'api-reference' ? { contentRefs: spec } : {};
        for (let time = 0; time < 2; time++)
          expect((await applyTemplate(space.id, { id, params })).status, id).toBe(201);
      }
      const pages = await pagesOf(`/v1/spaces/${space.id}/content`);
      expect(pages.filter((page) => page.title === 'Changelog')).toHaveLength(2);
      const slugs = pages.map((page) => ('slug' in page ? page.slug : ''));
      expect(new Set(slugs).size).toBe(slugs.length);
    });

    it('opens a change request from a template, and opens none when the template is bad', async () => {
      const { space } = await spaceWithFiles();
      const crs = `/v1/spaces/${space.id}/change-requests`;
      const created = await server.http.request('POST', crs, {
        body: { subject: 'Changelog', template: { id: 'changelog' } },
      });
      expect(created.status).toBe(201);
      const cr = created.body as ChangeRequest;
      expect(cr.revision).not.toBe(cr.revisionInitial);
      expect(outline(await pagesOf(`${crs}/${cr.id}/content`))).toEqual([
        'Home',
        'Changelog',
        'Release process',
      ]);

      for (const [template, status] of [
        [{ id: 'no-such-template' }, 404],
        [{ id: 'api-reference' }, 400],
        [{ id: 'changelog', params: { contentRefs: { logo: { kind: 'file', file: 'x' } } } }, 400],
      ] as const) {
        const refused = await server.http.request('POST', crs, { body: { template } });
        expect(refused.status, JSON.stringify(template)).toBe(status);
        expect(Value.Check(ErrorBody, refused.body)).toBe(true);
      }
      const drafts = await server.http.get(`${crs}?status=draft`);
      expect((drafts.body as { count: number }).count).toBe(1);
    });

    it('creates a space from a template, and creates none when the template is bad', async () => {
      const spaces = `/v1/orgs/${server.organizationId}/spaces`;
      const count = async () =>
        ((await server.http.get(`${spaces}?limit=1000`)).body as { count: number }).count;
      const before = await count();
      const created = await server.http.request('POST', spaces, {
        body: { title: 'Knowledge', template: { id: 'knowledge-base' } },
      });
      expect(created.status).toBe(201);
      const space = created.body as Space;
      expect(outline(await pagesOf(`/v1/spaces/${space.id}/content`))).toEqual([
        'Knowledge base',
        'How-to guides',
        'Troubleshooting',
        'Glossary',
      ]);
      for (const [template, status] of [
        [{ id: 'nope' }, 404],
        // A new space holds no files, so no slot can be filled.
        [
          { id: 'knowledge-base', params: { contentRefs: { logo: { kind: 'file', file: 'f' } } } },
          400,
        ],
        [{ id: 'api-reference' }, 400],
      ] as const) {
        const refused = await server.http.request('POST', spaces, { body: { template } });
        expect(refused.status, JSON.stringify(template)).toBe(status);
      }
      expect(await count()).toBe(before + 1);
    });

    it('answers 400, 403, 404 and 409 for bad applications and writes nothing', async () => {
      const { space, files } = await spaceWithFiles();
      const before = await revisionOf(space.id);
      const logo = files.get('logo.png') ?? '';
      const spec = files.get('openapi.yaml') ?? '';
      const ref = (file: string) => ({ kind: 'file', file });
      for (const [body, status] of [
        [{ id: 'no-such-template' }, 404],
        [{ id: 'getting-started', params: { contentRefs: { banner: ref(logo) } } }, 400],
        [{ id: 'getting-started', params: { contentRefs: { logo: ref('no-such-file') } } }, 400],
        [{ id: 'getting-started', params: { contentRefs: { logo: ref(spec) } } }, 400],
        [{ id: 'api-reference', params: { contentRefs: { spec: ref(logo) } } }, 400],
        [{ id: 'api-reference' }, 400],
        [{ id: 'changelog', params: { contentRefs: { logo: { kind: 'page', page: 'x' } } } }, 400],
        [{ params: {} }, 400],
        [{ id: 'changelog', changeRequestId: 'no-such-change-request' }, 404],
      ] as const) {
        const refused = await applyTemplate(space.id, body);
        expect(refused.status, JSON.stringify(body)).toBe(status);
        expect(Value.Check(ErrorBody, refused.body)).toBe(true);
      }
      expect(await revisionOf(space.id)).toBe(before);
      expect((await applyTemplate('no-such-space', { id: 'changelog' })).status).toBe(404);

      const reader = await seedUser(server.db, server.clock, { name: 'Reader' });
      await seedMember(server.db, server.clock, server.organizationId, reader.userId, 'read');
      const refused = await applyTemplate(space.id, { id: 'changelog' }, reader.token);
      expect(refused.status).toBe(403);

      const cr = (
        await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: {} })
      ).body as ChangeRequest;
      await server.http.request('PATCH', `/v1/spaces/${space.id}/change-requests/${cr.id}`, {
        body: { status: 'archived' },
      });
      const archived = await applyTemplate(space.id, { id: 'changelog', changeRequestId: cr.id });
      expect(archived.status).toBe(409);
      expect(await revisionOf(space.id)).toBe(before);
    });
  });
}
