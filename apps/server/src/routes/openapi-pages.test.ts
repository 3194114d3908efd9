import { EventEmitter } from 'node:events';
import type { GitTreeFiles, PdfLink, Revision } from '@docsync/api';
import {
  GitTree,
  Page,
  RevisionPages,
  type ChangeRequest,
  type Page as PageType,
  type Space,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOutcome } from '../jobs/job-runner.js';
import { readPdf } from '../testing/read-pdf.js';
import { SiteClient } from '../testing/site-client.js';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** The pets spec: two tags (one titled by `x-page-title`), four operations, one schema. */
const petsSpec = (listSummary: string, extra = '') => `openapi: 3.0.3
info:
  title: Pets
  version: "1.0"
tags:
  - name: pets
    description: Everything about your pets.
  - name: store
    x-page-title: The store
paths:
  /pets:
    get:
      tags: [pets]
      summary: ${listSummary}
      parameters:
        - name: limit
          in: query
          description: How many pets to return.
          schema:
            type: integer
            format: int32
      responses:
        "200":
          description: The pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: "#/components/schemas/Pet"
    post:
      tags: [pets]
      operationId: createPet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/Pet"
      responses:
        "201":
          description: Created
  /pets/{petId}:
    parameters:
      - name: petId
        in: path
        required: true
        schema:
          type: string
    get:
      tags: [pets]
      summary: Find a pet by id
      responses:
        "200":
          description: A pet
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Pet"
        "404":
          description: No such pet
${extra}  /orders:
    get:
      tags: [store]
      summary: List orders
      responses:
        "200":
          description: The orders
components:
  schemas:
    Pet:
      type: object
      description: A pet.
      required: [name]
      properties:
        name:
          type: string
          description: The pet's name.
        tag:
          type: string
`;

/** What version 2 adds under `/pets/{petId}`. */
const deletePet = `    delete:
      tags: [pets]
      summary: Delete a pet
      responses:
        "204":
          description: Deleted
`;

/** SUMMARY.md as GitBook's exporter writes computed OpenAPI entries (key order as GitBook's). */
const summary = `# Table of contents

* [Overview](README.md)
* [API reference](api-reference/README.md)
  * \`\`\`yaml
    props:
      models: true
      downloadLink: true
      grouping: by-operation
    type: builtin:openapi
    dependencies:
      spec:
        ref:
          kind: openapi
          spec: pets
    \`\`\`

## Store

* \`\`\`yaml
  type: builtin:openapi
  props:
    models: false
    downloadLink: false
    grouping: by-tag
  dependencies:
    spec:
      ref:
        kind: openapi
        spec: pets
  \`\`\`
* \`\`\`yaml
  type: builtin:openapi
  props:
    models: false
  dependencies:
    spec:
      ref:
        kind: openapi
        spec: no-such-spec
  \`\`\`
* [Orders](orders.md)
`;

/** A page with OpenAPI blocks: an operation, an unknown spec's operation, schemas. */
const orders = `# Orders

The orders of the store.

{% openapi-operation spec="pets" path="/orders" method="get" %}
[OpenAPI pets](https://example.com/pets.yaml)
{% endopenapi-operation %}

{% openapi-operation spec="nowhere" path="/x" method="get" %}
[OpenAPI nowhere](https://example.com/nowhere.yaml)
{% endopenapi-operation %}

{% openapi-schemas spec="pets" schemas="Pet" grouped="false" %}
[OpenAPI pets](https://example.com/pets.yaml)
{% endopenapi-schemas %}
`;

const tree: TreeBlob[] = [
  textBlob('SUMMARY.md', summary),
  textBlob('README.md', '# Overview\n\nOur API.\n'),
  textBlob('api-reference/README.md', '# API reference\n\nEvery operation of the pets API.\n'),
  textBlob('orders.md', orders),
];

/** Every page of a tree, depth first. */
function flatten(pages: readonly PageType[]): PageType[] {
  return pages.flatMap((page) => [page, ...flatten(page.pages ?? [])]);
}

/** The tree by titles and types only: what a reader's table of contents shows. */
function outline(pages: readonly PageType[]): unknown[] {
  return pages.map((page) =>
    page.pages === undefined || page.pages.length === 0
      ? `${page.type}:${page.title}`
      : { [`${page.type}:${page.title}`]: outline(page.pages) },
  );
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`pages that refer to OpenAPI specs (${dialect})`, () => {
    let server: TestServer;
    let space: Space;
    const settled = new EventEmitter<{ settled: [JobOutcome] }>();
    let commits = 0;
    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        jobs: { pollMs: 20 },
        onJobSettled: (outcome) => settled.emit('settled', outcome),
      });
      const created = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/spaces`,
        { body: { title: 'Pets API' } },
      );
      space = created.body as Space;
      const sent = await sendTree(server.http, space.id, tree, {
        oid: commitOid(++commits),
        message: 'API reference',
      });
      expect(sent.status, sent.text).toBe(204);
    });
    afterAll(async () => {
      await server.close();
    });

    const content = (rest = '') => `/v1/spaces/${space.id}/content${rest}`;

    /** Publishes `text` as the spec `slug` (as `gitbook openapi publish` does) and waits for it. */
    async function publish(slug: string, text: string): Promise<void> {
      const done = new Promise<JobOutcome>((resolve) => settled.once('settled', resolve));
      const put = await server.http.request(
        'PUT',
        `/v1/orgs/${server.organizationId}/openapi/${slug}`,
        { body: { source: { text } } },
      );
      expect(put.status, put.text).toBeLessThan(300);
      await done;
    }

    async function pages(query = ''): Promise<PageType[]> {
      const read = await server.http.get(content(`/pages${query}`));
      expect(read.status, read.text).toBe(200);
      expect(Value.Check(RevisionPages, read.body)).toBe(true);
      return (read.body as RevisionPages).pages;
    }

    async function page(id: string, query = ''): Promise<PageType> {
      const read = await server.http.get(content(`/page/${id}${query}`));
      expect(read.status, read.text).toBe(200);
      expect(Value.Check(Page, read.body)).toBe(true);
      return read.body as PageType;
    }

    const byTitle = (list: readonly PageType[], title: string): PageType => {
      const found = flatten(list).find((candidate) => candidate.title === title);
      expect(found, title).toBeDefined();
      return found as PageType;
    };

    it('gives back SUMMARY.md with its computed OpenAPI entries byte for byte, and the pages with OpenAPI blocks', async () => {
      const listed = (await server.http.get(`/v1/spaces/${space.id}/git/tree`)).body as GitTree;
      expect(Value.Check(GitTree, listed)).toBe(true);
      expect(Object.fromEntries(listed.files.map((file) => [file.path, file.oid]))).toEqual(
        Object.fromEntries(tree.map((file) => [file.path, file.oid])),
      );
      const read = await server.http.request('POST', `/v1/spaces/${space.id}/git/tree/files`, {
        body: { paths: ['SUMMARY.md', 'orders.md'] },
      });
      expect(read.status, read.text).toBe(200);
      const texts = (read.body as GitTreeFiles).files.map((file) => [file.path, file.text]);
      expect(texts).toEqual([
        ['SUMMARY.md', summary],
        ['orders.md', orders],
      ]);
      // Without computing, the pages are what SUMMARY.md says, sources as written.
      const stored = await pages('?computed=false');
      const computed = flatten(stored).filter((candidate) => candidate.type === 'computed');
      expect(computed.map((candidate) => candidate.computed)).toEqual([
        {
          props: { models: true, downloadLink: true, grouping: 'by-operation' },
          type: 'builtin:openapi',
          dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' } } },
        },
        {
          type: 'builtin:openapi',
          props: { models: false, downloadLink: false, grouping: 'by-tag' },
          dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' } } },
        },
        {
          type: 'builtin:openapi',
          props: { models: false },
          dependencies: { spec: { ref: { kind: 'openapi', spec: 'no-such-spec' } } },
        },
      ]);
      // The same tree pushed again as another commit: the same pages, ids and all.
      const again = await sendTree(server.http, space.id, tree, {
        oid: commitOid(++commits),
        message: 'again',
      });
      expect(again.status, again.text).toBe(204);
      const withoutUrls = (list: PageType[]): unknown =>
        JSON.parse(
          JSON.stringify(list, (key, value: unknown) => (key === 'urls' ? undefined : value)),
        );
      expect(withoutUrls(await pages('?computed=false'))).toEqual(withoutUrls(stored));
      // The page read of a page with OpenAPI blocks is its file, blocks as written.
      const ordersPage = byTitle(stored, 'Orders');
      expect((await page(ordersPage.id, '?format=markdown')).markdown).toBe(orders);
      const blocks = (await page(ordersPage.id)).document?.nodes ?? [];
      expect(blocks.map((block) => block.type)).toEqual([
        'paragraph',
        'openapi-operation',
        'openapi-operation',
        'openapi-schemas',
      ]);
    });

    it('leaves computed pages as stored while no spec of their slug has a version, and the reads answer', async () => {
      const before = await pages();
      expect(before).toEqual(await pages('?computed=false'));
      // A spec whose processing failed has no version either.
      await publish('pets', 'openapi: [this is not a spec');
      const failed = await server.http.get(`/v1/orgs/${server.organizationId}/openapi/pets`);
      expect(failed.body).toMatchObject({ lastProcessErrorCode: 'PARSE_ERROR' });
      expect(await pages()).toEqual(before);
      const revision = await server.http.get(content());
      expect(revision.status).toBe(200);
      expect((revision.body as Revision).pages).toEqual(before);
    });

    it('expands a computed page into a page per tag holding a page per operation, and a models page', async () => {
      await publish('pets', petsSpec('List pets'));
      const shown = await pages();
      const stored = await pages('?computed=false');
      const reference = byTitle(shown, 'API reference');
      expect(outline(reference.pages ?? [])).toEqual([
        {
          'document:Pets': [
            'document:List pets',
            'document:createPet',
            'document:Find a pet by id',
          ],
        },
        { 'document:The store': ['document:List orders'] },
        'document:Models',
      ]);
      const seed = flatten(stored).find((candidate) => candidate.type === 'computed')?.id;
      const pets = byTitle(reference.pages ?? [], 'Pets');
      expect(pets).toMatchObject({
        type: 'document',
        kind: 'sheet',
        slug: 'pets',
        path: 'api-reference/pets',
        computed: {
          type: 'builtin:openapi',
          dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' } } },
          props: { doc: 'operations', page: 'pets' },
        },
        computedSeed: seed,
      });
      expect(byTitle(reference.pages ?? [], 'Find a pet by id')).toMatchObject({
        slug: 'find-a-pet-by-id',
        path: 'api-reference/pets/find-a-pet-by-id',
        computed: {
          props: { doc: 'operations', page: 'pets:get /pets/{petId}' },
        },
      });
      expect(byTitle(reference.pages ?? [], 'Models').computed?.props).toEqual({ doc: 'models' });
      // `by-tag` puts the operations in the tag's page; an unknown slug stays a computed page.
      const store = byTitle(shown, 'Store');
      expect(outline(store.pages ?? [])).toEqual([
        'document:Pets',
        'document:The store',
        'computed:API reference',
        'document:Orders',
      ]);
      // The same ids on every read, and in the revision read.
      expect(await pages()).toEqual(shown);
      expect(((await server.http.get(content())).body as Revision).pages).toEqual(shown);
      const ids = flatten(shown).map((candidate) => candidate.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('reads a generated page by id: its OpenAPI blocks as a document, or as the markdown a page file would hold', async () => {
      const shown = await pages();
      const list = byTitle(shown, 'List pets');
      const document = await page(list.id);
      expect(document.document?.nodes).toEqual([
        {
          object: 'block',
          type: 'openapi-operation',
          isVoid: true,
          data: {
            path: '/pets',
            method: 'get',
            ref: { kind: 'openapi', spec: 'pets' },
            specUrl: expect.stringMatching(/\/openapi\/pets\/versions\/.+\/content$/) as unknown,
          },
        },
      ]);
      const markdown = (await page(list.id, '?format=markdown')).markdown ?? '';
      expect(markdown).toMatch(
        /^# List pets\n\n\{% openapi-operation spec="pets" path="\/pets" method="get" %\}\n\[OpenAPI pets\]\(http.+\)\n\{% endopenapi-operation %\}\n$/,
      );
      const store = byTitle(byTitle(shown, 'Store').pages ?? [], 'The store');
      expect((await page(store.id)).document?.nodes.map((node) => node.type)).toEqual([
        'openapi-operation',
      ]);
      const tag = await page(byTitle(shown, 'Pets').id);
      expect(tag.document?.nodes).toHaveLength(1);
      expect(JSON.stringify(tag.document)).toContain('Everything about your pets.');
      // Generated pages are not stored: without computing there is no such page.
      expect((await server.http.get(content(`/page/${list.id}?computed=false`))).status).toBe(404);
      // The change request's content reads expand as the space's do.
      const cr = (
        await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
          body: { subject: 'Look' },
        })
      ).body as ChangeRequest;
      const crPages = await server.http.get(
        `/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`,
      );
      expect((crPages.body as RevisionPages).pages).toEqual(shown);
    });

    it('shows a reader the operation a block or a generated page refers to, and a notice for an unknown spec', async () => {
      const shown = await pages();
      const ordersPage = byTitle(shown, 'Orders');
      const read = await page(ordersPage.id, '?format=markdown&dereferenced=true');
      const markdown = read.markdown ?? '';
      expect(markdown).toContain('\n## List orders\n\n`GET` `/orders`\n');
      expect(markdown).toContain('\n### Responses\n\n* `200`: The orders\n');
      expect(markdown).toContain('OpenAPI specification `nowhere` not found.');
      expect(markdown).toContain('\n### Pet\n\nA pet.\n\n* `name` (string, required): The pet');
      expect(markdown).not.toContain('{% openapi');
      const document = await page(ordersPage.id, '?dereferenced=true');
      expect(document.document?.nodes.find((node) => node.type === 'hint')).toMatchObject({
        data: { style: 'warning' },
      });

      const find = await page(
        byTitle(shown, 'Find a pet by id').id,
        '?format=markdown&dereferenced=true',
      );
      expect(find.markdown).toContain('\n## Find a pet by id\n\n`GET` `/pets/{petId}`\n');
      expect(find.markdown).toContain('* `petId` (path, string, required)');
      expect(find.markdown).toContain('* `200`: A pet (`application/json`: Pet)');
      expect(find.markdown).toContain('* `404`: No such pet');
      const list = await page(byTitle(shown, 'List pets').id, '?format=markdown&dereferenced=true');
      expect(list.markdown).toContain(
        '* `limit` (query, integer (int32)): How many pets to return.',
      );
      expect(list.markdown).toContain('(`application/json`: array of Pet)');
      const create = await page(
        byTitle(shown, 'createPet').id,
        '?format=markdown&dereferenced=true',
      );
      expect(create.markdown).toContain('\n### Request body\n\n`application/json`: Pet (required)');
    });

    it('follows the spec: a new version changes the generated pages, keeping the ids of the same operations', async () => {
      const before = flatten(await pages());
      await publish('pets', petsSpec('List all pets', deletePet));
      const after = await pages();
      const reference = byTitle(after, 'API reference');
      expect(outline(reference.pages ?? [])).toEqual([
        {
          'document:Pets': [
            'document:List all pets',
            'document:createPet',
            'document:Find a pet by id',
            'document:Delete a pet',
          ],
        },
        { 'document:The store': ['document:List orders'] },
        'document:Models',
      ]);
      const listBefore = before.find((candidate) => candidate.title === 'List pets');
      expect(byTitle(after, 'List all pets').id).toBe(listBefore?.id);
      const ordersPage = byTitle(after, 'Orders');
      const read = await page(ordersPage.id, '?format=markdown&dereferenced=true');
      expect(read.markdown).toContain('\n## List orders\n');
      const generated = await page(
        byTitle(after, 'Delete a pet').id,
        '?format=markdown&dereferenced=true',
      );
      expect(generated.markdown).toContain('`DELETE` `/pets/{petId}`');
    });

    it('prints the operations in the PDF of a change request', async () => {
      const cr = (
        await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
          body: { subject: 'PDF' },
        })
      ).body as ChangeRequest;
      const link = await server.http.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/pdf`);
      expect(link.status, link.text).toBe(200);
      const response = await fetch((link.body as PdfLink).url, {
        headers: { authorization: `Bearer ${server.token}` },
      });
      expect(response.status).toBe(200);
      const text = readPdf(new Uint8Array(await response.arrayBuffer())).texts.join('\n');
      expect(text).toContain('Find a pet by id');
      expect(text).toContain('/pets/{petId}');
      expect(text).toContain('No such pet');
      expect(text).toContain('OpenAPI specification');
    });

    it('shows a published site a new version of a spec at once, though its pages were rendered before', async () => {
      await publish('pets', petsSpec('List pets'));
      const site = await new SiteClient(server.http, {
        organizationId: server.organizationId,
        token: server.token,
      }).createSite({ spaces: [space.id], visibility: 'public' });
      const url = `${site.urls.published ?? ''}/store/orders`;
      const read = async () => {
        const response = await fetch(url);
        expect(response.status, url).toBe(200);
        return response.text();
      };
      const before = await read();
      expect(before).toContain('List orders');
      expect(await read()).toBe(before);
      // The same site, space and revision: only the spec changed.
      await publish(
        'pets',
        petsSpec('List pets').replace('summary: List orders', 'summary: List every order'),
      );
      const after = await read();
      expect(after).toContain('List every order');
      expect(after).not.toContain('List orders');
    });
  });
}
