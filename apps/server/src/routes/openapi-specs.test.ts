import { EventEmitter } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListOf, OpenAPISpec, OpenAPISpecVersion, OpenAPISpecVersionContent } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOutcome } from '../jobs/job-runner.js';
import { seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const petstore = (title: string) => `openapi: 3.0.3
info:
  title: ${title}
  version: "1.0"
paths:
  /pets:
    get:
      responses:
        "200":
          description: The pets
          content:
            application/json:
              schema:
                $ref: "./models.yaml#/Pet"
`;
const models = `Pet:
  type: object
  properties:
    name: {type: string}
`;
const inline = (title: string) =>
  JSON.stringify({ openapi: '3.1.0', info: { title, version: '1' }, paths: {} });

/** The HTTP server the specs with a URL source are fetched from, on loopback. */
class SpecServer {
  served = petstore('Pets');
  readonly hanging: ServerResponse[] = [];
  readonly #server: Server = createServer((request, response) => {
    if (request.url === '/petstore.yaml') response.end(this.served);
    else if (request.url === '/models.yaml') response.end(models);
    else if (request.url === '/hang') this.hanging.push(response);
    else response.writeHead(404).end();
  });
  url = '';
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${String((this.#server.address() as AddressInfo).port)}`;
  }
  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`OpenAPI specs over HTTP (${dialect})`, () => {
    let server: TestServer;
    let org: string;
    const specs = new SpecServer();
    const settled = new EventEmitter<{ settled: [JobOutcome] }>();
    let reader: { token: string };
    let editor: { token: string };
    let creator: { token: string };
    let guest: { token: string };
    let stranger: { userId: string; token: string };
    beforeAll(async () => {
      await specs.start();
      server = await startTestServer({
        dialect,
        fetch: { allow: ['127.0.0.1/32'], timeoutMs: 300 },
        jobs: { pollMs: 20 },
        onJobSettled: (outcome) => settled.emit('settled', outcome),
      });
      org = server.organizationId;
      const member = async (email: string, role: string | null) => {
        const user = await seedUser(server.db, server.clock, { email });
        await seedMember(server.db, server.clock, org, user.userId, role);
        return user;
      };
      reader = await member('reader@example.com', 'read');
      editor = await member('editor@example.com', 'edit');
      creator = await member('creator@example.com', 'create');
      guest = await member('guest@example.com', null);
      stranger = await seedUser(server.db, server.clock, { email: 'someone@other.example' });
      const other = await seedOrganization(server.db, server.clock);
      await seedMember(server.db, server.clock, other, stranger.userId, 'admin');
    });
    afterAll(async () => {
      await server.close();
      await specs.close();
    });

    const path = (rest = '') => `/v1/orgs/${org}/openapi${rest}`;

    /** Whether the settled job processed the spec `slug` of the organization. */
    async function processes(outcome: JobOutcome, slug: string): Promise<boolean> {
      const job = await server.db
        .selectFrom('jobs')
        .select('payload')
        .where('id', '=', outcome.id)
        .executeTakeFirst();
      const spec = await server.db
        .selectFrom('openapi_specs')
        .select('id')
        .where('organization_id', '=', org)
        .where('slug', '=', slug)
        .executeTakeFirst();
      return (
        job !== undefined &&
        spec !== undefined &&
        (JSON.parse(job.payload) as { specId: string }).specId === spec.id
      );
    }

    /** Runs `act`, then waits until a processing of the spec `slug` settles. */
    async function processed<T>(slug: string, act: () => Promise<T>): Promise<T> {
      const done = new Promise<void>((resolve) => {
        const listener = (outcome: JobOutcome) => {
          void processes(outcome, slug).then((matches) => {
            if (!matches) return;
            settled.off('settled', listener);
            resolve();
          });
        };
        settled.on('settled', listener);
      });
      const result = await act();
      await done;
      return result;
    }
    const get = async (slug: string) =>
      (await server.http.get(path(`/${slug}`))).body as OpenAPISpec;
    const versions = async (slug: string) =>
      ((await server.http.get(path(`/${slug}/versions`))).body as { items: OpenAPISpecVersion[] })
        .items;

    it('stores a spec given as text, answers it pending, and processes it in the background into a first version', async () => {
      const created = await processed('inline', () =>
        server.http.request('POST', path(), {
          body: { slug: 'inline', source: { text: inline('Inline') } },
        }),
      );
      expect(created.status, created.text).toBe(201);
      expect(Value.Check(OpenAPISpec, created.body)).toBe(true);
      expect(created.body).toMatchObject({
        object: 'openapi-spec',
        slug: 'inline',
        processingState: 'pending',
        visibility: 'private',
        permissions: { view: true, edit: true },
        urls: { location: `${server.baseUrl}${path('/inline')}` },
      });
      expect(created.body).not.toHaveProperty('sourceURL');
      const spec = await get('inline');
      expect(spec).toMatchObject({
        processingState: 'complete',
        lastProcessedAt: server.clock.now().toISOString(),
      });
      expect(spec).not.toHaveProperty('lastProcessErrorCode');
      const listed = await versions('inline');
      expect(listed).toHaveLength(1);
      expect(spec.lastVersion).toBe(listed[0]?.id);
      const latest = await server.http.get(path('/inline/versions/latest'));
      expect(latest.status).toBe(200);
      expect(Value.Check(OpenAPISpecVersion, latest.body)).toBe(true);
      expect(latest.body).toEqual(listed[0]);
      const byId = await server.http.get(path(`/inline/versions/${spec.lastVersion ?? ''}`));
      expect(byId.body).toEqual(listed[0]);
      const content = await server.http.get(path('/inline/versions/latest/content'));
      expect(content.status).toBe(200);
      expect(Value.Check(OpenAPISpecVersionContent, content.body)).toBe(true);
      const contentUrl = `${server.baseUrl}${path(`/inline/versions/${spec.lastVersion ?? ''}/content`)}`;
      expect(content.body).toEqual({
        filesystem: { 'openapi.json': JSON.parse(inline('Inline')) as unknown },
        url: contentUrl,
      });
      expect((latest.body as OpenAPISpecVersion).url).toBe(contentUrl);
      const contentById = await server.http.get(
        path(`/inline/versions/${spec.lastVersion ?? ''}/content`),
      );
      expect(contentById.body).toEqual(content.body);
    });

    it('refuses a taken slug (409), a bad slug, a source that is neither a URL nor text, and a non-http URL (400)', async () => {
      const taken = await server.http.request('POST', path(), {
        body: { slug: 'inline', source: { text: inline('Again') } },
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ error: { code: 409 } });
      for (const body of [
        { slug: 'Not a slug!', source: { text: inline('x') } },
        { slug: '-dash', source: { text: inline('x') } },
        { slug: 'x'.repeat(101), source: { text: inline('x') } },
        { slug: 'ok' },
        { slug: 'ok', source: {} },
        { slug: 'ok', source: { text: '' } },
        { slug: 'ok', source: { text: '   ' } },
        { slug: 'ok', source: { url: 'not a url' } },
        { slug: 'ok', source: { url: 'ftp://example.com/spec.yaml' } },
        { slug: 'ok', source: { url: `https://example.com/${'x'.repeat(2048)}` } },
        { slug: 'ok', source: { url: 'https://example.com/a.yaml', text: 'openapi: 3.0.0' } },
      ]) {
        const refused = await server.http.request('POST', path(), { body });
        expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(refused.body).toMatchObject({ error: { code: 400 } });
      }
      expect((await server.http.get(path('/ok'))).status).toBe(404);
    });

    it('records a PARSE_ERROR with the problems for text that is not YAML, or not an OpenAPI document, and keeps no version', async () => {
      for (const [slug, text] of [
        ['broken-yaml', 'openapi: 3.0.0\ninfo: [unclosed\n'],
        ['not-openapi', 'title: a shopping list\nitems: [milk, eggs]\n'],
        ['missing-info', JSON.stringify({ openapi: '3.0.3', paths: {} })],
      ] as const) {
        const put = await processed(slug, () =>
          server.http.request('PUT', path(`/${slug}`), { body: { source: { text } } }),
        );
        expect(put.status, put.text).toBe(200);
        const spec = await get(slug);
        expect(spec, slug).toMatchObject({
          processingState: 'complete',
          lastProcessErrorCode: 'PARSE_ERROR',
        });
        expect(spec.lastProcessedErrors?.length, slug).toBeGreaterThan(0);
        expect(spec.lastVersion).toBeUndefined();
        expect((await server.http.get(path(`/${slug}/versions/latest`))).status).toBe(404);
        expect(await versions(slug)).toEqual([]);
      }
      const missingInfo = await get('missing-info');
      expect(missingInfo.lastProcessedErrors?.map((error) => error.message).join('\n')).toMatch(
        /info/,
      );
      // A good spec published over it clears the error.
      await processed('missing-info', () =>
        server.http.request('PUT', path('/missing-info'), {
          body: { source: { text: inline('Fixed') } },
        }),
      );
      const fixed = await get('missing-info');
      expect(fixed.processingState).toBe('complete');
      expect(fixed).not.toHaveProperty('lastProcessErrorCode');
      expect(fixed).not.toHaveProperty('lastProcessedErrors');
      expect(await versions('missing-info')).toHaveLength(1);
    });

    it('creates with PUT, and records a new version only when a publish changes the content', async () => {
      const first = await processed('put-spec', () =>
        server.http.request('PUT', path('/put-spec'), {
          body: { source: { text: inline('One') } },
        }),
      );
      expect(first.status).toBe(200);
      expect(Value.Check(OpenAPISpec, first.body)).toBe(true);
      const [v1] = await versions('put-spec');
      // The same document, written otherwise (YAML, other spacing), is the same content.
      server.clock.advance(1000);
      await processed('put-spec', () =>
        server.http.request('PUT', path('/put-spec'), {
          body: {
            source: { text: 'openapi: "3.1.0"\ninfo: {title: One, version: "1"}\npaths: {}\n' },
          },
        }),
      );
      expect(await versions('put-spec')).toEqual([v1]);
      expect((await get('put-spec')).lastProcessedAt).toBe(server.clock.now().toISOString());
      server.clock.advance(1000);
      await processed('put-spec', () =>
        server.http.request('PUT', path('/put-spec'), {
          body: { source: { text: inline('Two') } },
        }),
      );
      const listed = await versions('put-spec');
      expect(listed).toHaveLength(2);
      expect(listed[1]).toEqual(v1);
      expect((await get('put-spec')).lastVersion).toBe(listed[0]?.id);
      const old = await server.http.get(path(`/put-spec/versions/${v1?.id ?? ''}/content`));
      expect(old.body).toMatchObject({
        filesystem: { 'openapi.json': { info: { title: 'One' } } },
      });
      const page = await server.http.get(path('/put-spec/versions?limit=1'));
      expect(page.body).toMatchObject({ items: [{ id: listed[0]?.id }], count: 2, next: {} });
      const next = (page.body as { next: { page: string } }).next.page;
      const second = await server.http.get(path(`/put-spec/versions?limit=1&page=${next}`));
      expect(second.body).toEqual({ items: [v1], count: 2 });
    });

    it('fetches a URL source with its references bundled, refreshes it on schedule, and versions only a change', async () => {
      const url = `${specs.url}/petstore.yaml`;
      await processed('pets', () =>
        server.http.request('POST', path(), { body: { slug: 'pets', source: { url } } }),
      );
      const spec = await get('pets');
      expect(spec).toMatchObject({ sourceURL: url, processingState: 'complete' });
      expect(spec).not.toHaveProperty('lastProcessErrorCode');
      const content = await server.http.get(path('/pets/versions/latest/content'));
      expect(content.body).toEqual({
        filesystem: {
          'petstore.yaml': {
            openapi: '3.0.3',
            info: { title: 'Pets', version: '1.0' },
            paths: {
              '/pets': {
                get: {
                  responses: {
                    '200': {
                      description: 'The pets',
                      content: {
                        'application/json': {
                          schema: { type: 'object', properties: { name: { type: 'string' } } },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        url,
      });
      expect((await versions('pets'))[0]?.url).toBe(url);

      // Six hours later, unchanged: fetched again, no new version.
      server.clock.advance(6 * 60 * 60 * 1000);
      await processed('pets', async () => {});
      expect(await versions('pets')).toHaveLength(1);
      expect((await get('pets')).lastProcessedAt).toBe(server.clock.now().toISOString());

      // Changed: the next refresh records it.
      specs.served = petstore('Pets v2');
      server.clock.advance(6 * 60 * 60 * 1000);
      await processed('pets', async () => {});
      expect(await versions('pets')).toHaveLength(2);
      expect(await server.http.get(path('/pets/versions/latest/content'))).toMatchObject({
        body: { filesystem: { 'petstore.yaml': { info: { title: 'Pets v2' } } } },
      });

      // Published again: fetched at once, not at the next refresh.
      specs.served = petstore('Pets v3');
      await processed('pets', () =>
        server.http.request('PUT', path('/pets'), { body: { source: { url } } }),
      );
      expect(await versions('pets')).toHaveLength(3);
    });

    it('records FETCH_TIMEOUT for a server that hangs and FETCH_ERROR for a missing file or a refused address', async () => {
      await processed('hangs', () =>
        server.http.request('PUT', path('/hangs'), {
          body: { source: { url: `${specs.url}/hang` } },
        }),
      );
      expect(await get('hangs')).toMatchObject({
        processingState: 'complete',
        lastProcessErrorCode: 'FETCH_TIMEOUT',
        lastProcessedErrors: [{ code: 'fetch-timeout' }],
      });
      await processed('missing', () =>
        server.http.request('PUT', path('/missing'), {
          body: { source: { url: `${specs.url}/missing.yaml` } },
        }),
      );
      expect(await get('missing')).toMatchObject({ lastProcessErrorCode: 'FETCH_ERROR' });
      await processed('metadata', () =>
        server.http.request('PUT', path('/metadata'), {
          body: { source: { url: 'http://169.254.169.254/latest/meta-data/' } },
        }),
      );
      expect(await get('metadata')).toMatchObject({
        lastProcessErrorCode: 'FETCH_ERROR',
        lastProcessedErrors: [{ code: 'fetch-refused' }],
      });
      expect(await versions('metadata')).toEqual([]);
    });

    it('changes the visibility with PATCH; a public spec has a published link', async () => {
      const patched = await server.http.request('PATCH', path('/inline'), {
        body: { visibility: 'public' },
      });
      expect(patched.status).toBe(200);
      expect(Value.Check(OpenAPISpec, patched.body)).toBe(true);
      expect(patched.body).toMatchObject({
        visibility: 'public',
        urls: { published: `${server.baseUrl}${path('/inline/versions/latest/content')}` },
      });
      const back = await server.http.request('PATCH', path('/inline'), {
        body: { visibility: 'private' },
      });
      expect(back.body).not.toHaveProperty('urls.published');
      for (const body of [{}, { visibility: 'secret' }]) {
        expect((await server.http.request('PATCH', path('/inline'), { body })).status).toBe(400);
      }
      expect(
        (await server.http.request('PATCH', path('/nope'), { body: { visibility: 'public' } }))
          .status,
      ).toBe(404);
    });

    it('answers 404 for an unknown slug or version, and for the latest version of a spec not processed yet', async () => {
      for (const rest of [
        '/nope',
        '/nope/versions',
        '/nope/versions/latest',
        '/nope/versions/latest/content',
        '/nope/versions/abc',
        '/nope/versions/abc/content',
        '/inline/versions/abc',
        '/inline/versions/abc/content',
      ]) {
        const answer = await server.http.get(path(rest));
        expect(answer.status, rest).toBe(404);
        expect(answer.body, rest).toMatchObject({ error: { code: 404 } });
      }
      // Stored, but its processing has not run: no version yet.
      await server.db
        .insertInto('openapi_specs')
        .values({
          id: 'unprocessed',
          organization_id: org,
          slug: 'unprocessed',
          processing_state: 'pending',
          source_text: inline('Later'),
          source_url: null,
          created_at: server.clock.now().toISOString(),
          updated_at: server.clock.now().toISOString(),
        })
        .execute();
      expect((await server.http.get(path('/unprocessed'))).body).toMatchObject({
        processingState: 'pending',
      });
      expect((await server.http.get(path('/unprocessed/versions/latest'))).status).toBe(404);
      expect((await server.http.get(path('/unprocessed/versions/latest/content'))).status).toBe(
        404,
      );
    });

    it('lets members with a role read, members who create content publish, and nobody else in', async () => {
      const list = await server.http.get(path(), { token: reader.token });
      expect(list.status).toBe(200);
      expect(Value.Check(ListOf(OpenAPISpec), list.body)).toBe(true);
      expect(
        (list.body as { items: OpenAPISpec[] }).items.find((s) => s.slug === 'inline'),
      ).toMatchObject({
        permissions: { view: true, edit: false },
      });
      expect(
        (await server.http.get(path('/inline/versions/latest/content'), { token: reader.token }))
          .status,
      ).toBe(200);
      const writes = [
        ['POST', path(), { slug: 'theirs', source: { text: inline('x') } }],
        ['PUT', path('/inline'), { source: { text: inline('x') } }],
        ['PATCH', path('/inline'), { visibility: 'public' }],
        ['DELETE', path('/inline'), undefined],
      ] as const;
      for (const who of [reader, editor]) {
        for (const [method, at, body] of writes) {
          const answer = await server.http.request(method, at, {
            token: who.token,
            ...(body === undefined ? {} : { body }),
          });
          expect(answer.status, `${method} ${at}`).toBe(403);
          expect(answer.body).toMatchObject({ error: { code: 403 } });
        }
      }
      expect((await server.http.get(path(), { token: guest.token })).status).toBe(403);
      expect((await server.http.get(path('/inline'), { token: guest.token })).status).toBe(403);
      for (const [method, at, body] of [
        ...writes,
        ['GET', path(), undefined],
        ['GET', path('/inline'), undefined],
      ] as const) {
        const answer = await server.http.request(method, at, {
          token: stranger.token,
          ...(body === undefined ? {} : { body }),
        });
        expect(answer.status, `${method} ${at}`).toBe(404);
      }
      const byCreator = await processed('by-creator', () =>
        server.http.request('PUT', path('/by-creator'), {
          token: creator.token,
          body: { source: { text: inline('Creator') } },
        }),
      );
      expect(byCreator.status).toBe(200);
      expect(byCreator.body).toMatchObject({ permissions: { edit: true } });
      expect((await server.http.get(path('/inline'))).status).toBe(200);
    });

    it('lists the specs oldest first, page by page, each once', async () => {
      // Specs made in the same millisecond sort by id: the pages still hold each once.
      const all: OpenAPISpec[] = [];
      let page: string | undefined;
      let count: number | undefined;
      do {
        const answer = await server.http.get(
          path(`?limit=2${page === undefined ? '' : `&page=${page}`}`),
        );
        expect(answer.status).toBe(200);
        expect(Value.Check(ListOf(OpenAPISpec), answer.body)).toBe(true);
        const got = answer.body as { items: OpenAPISpec[]; count: number; next?: { page: string } };
        expect(got.items.length).toBeLessThanOrEqual(2);
        all.push(...got.items);
        count = got.count;
        page = got.next?.page;
      } while (page !== undefined);
      expect(all).toHaveLength(count);
      expect(new Set(all.map((spec) => spec.slug)).size).toBe(count);
      expect(all.map((spec) => spec.slug)).toEqual(
        expect.arrayContaining(['inline', 'pets', 'hangs']),
      );
      const times = all.map((spec) => spec.createdAt);
      expect(times).toEqual([...times].sort());
      expect((await server.http.get(path('?limit=1001'))).status).toBe(400);
    });

    it('deletes a spec with its versions (204), and again (204)', async () => {
      const deleted = await server.http.request('DELETE', path('/put-spec'));
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect((await server.http.get(path('/put-spec'))).status).toBe(404);
      expect((await server.http.get(path('/put-spec/versions'))).status).toBe(404);
      const left = await server.db
        .selectFrom('openapi_spec_versions')
        .innerJoin('openapi_specs', 'openapi_specs.id', 'openapi_spec_versions.spec_id')
        .select('openapi_spec_versions.id')
        .where('openapi_specs.slug', '=', 'put-spec')
        .execute();
      expect(left).toEqual([]);
      expect((await server.http.request('DELETE', path('/put-spec'))).status).toBe(204);
      // A URL spec deleted takes its scheduled refresh with it.
      expect((await server.http.request('DELETE', path('/pets'))).status).toBe(204);
      const queued = await server.db
        .selectFrom('jobs')
        .select('id')
        .where('state', '=', 'queued')
        .where('kind', '=', 'openapi-spec:process')
        .execute();
      const specIds = await server.db.selectFrom('openapi_specs').select('id').execute();
      const payloads = await server.db
        .selectFrom('jobs')
        .select('payload')
        .where('state', '=', 'queued')
        .execute();
      expect(queued.length).toBe(payloads.length);
      for (const row of payloads)
        expect(specIds.map((spec) => spec.id)).toContain(
          (JSON.parse(row.payload) as { specId: string }).specId,
        );
    });
  });
}
