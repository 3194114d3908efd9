import {
  ErrorBody,
  PdfLink,
  type ChangeRequest,
  type RevisionPages,
  type Space,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../testing/read-pdf.js';
import { seedMember, seedUser } from '../testing/seed.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const INSTALL = `# Install

Run the **installer**, then _check_ the \`version\`.

## Requirements

* Node.js 24
* A database

1. Download the archive
2. Unpack it

\`\`\`bash
npm install docsync
\`\`\`

![The logo](https://example.com/logo.png)

> Quoted advice.
`;

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`change request PDF export over HTTP (${dialect})`, () => {
    let server: TestServer;
    let space: Space;
    let cr: ChangeRequest;
    /** Page ids by title. */
    let pageIds: Map<string, string>;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      space = (await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`))
        .body as Space;
      const created = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Docs for PDF' },
      });
      cr = created.body as ChangeRequest;
      const markdown = (title: string) => ({ markdown: `# ${title}\n\nAbout ${title}.\n` });
      const edit = await server.http.request('POST', `${crPath()}/content`, {
        body: {
          changes: [
            { type: 'insert_page', ref: 'welcome', document: markdown('Welcome') },
            { type: 'insert_page', ref: 'install', document: { markdown: INSTALL } },
            { type: 'insert_page', into: 'install', document: markdown('Upgrading') },
            { type: 'insert_page', into: 'install', document: markdown('Uninstalling') },
            { type: 'insert_page', document: markdown('Changelog') },
          ],
        },
      });
      expect(edit.status).toBe(200);
      const pages = await server.http.get(`${crPath()}/content/pages`);
      const all: { id: string; title: string; pages?: unknown[] }[] = [];
      const walk = (list: RevisionPages['pages']) => {
        for (const page of list) {
          all.push(page);
          if ('pages' in page) walk(page.pages);
        }
      };
      walk((pages.body as RevisionPages).pages);
      pageIds = new Map(all.map((page) => [page.title, page.id]));
    });
    afterAll(async () => {
      await server.close();
    });

    const crPath = (id = cr.id) => `/v1/spaces/${space.id}/change-requests/${id}`;

    async function pdfLink(query = ''): Promise<string> {
      const answer = await server.http.get(`${crPath()}/pdf${query}`);
      expect(answer.status, answer.text).toBe(200);
      expect(Value.Check(PdfLink, answer.body)).toBe(true);
      const { url } = answer.body as PdfLink;
      expect(url.startsWith(`${server.baseUrl}/`)).toBe(true);
      return url;
    }

    async function download(url: string, token: string | null = server.token) {
      const response = await fetch(url, {
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
      });
      return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
    }

    it('exports every page of the change request, in order, as a real PDF', async () => {
      const { response, bytes } = await download(await pdfLink());
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const pdf = readPdf(bytes);
      expect(pdf.wellFormed).toBe(true);
      expect(pdf.pageCount).toBe(5);
      const text = pdf.texts.join('\n');
      const titles = ['Welcome', 'Install', 'Upgrading', 'Uninstalling', 'Changelog'];
      const positions = titles.map((title) => pdf.texts.indexOf(title));
      for (const position of positions) expect(position).toBeGreaterThanOrEqual(0);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(pdf.outline).toEqual(
        expect.arrayContaining([
          { title: 'Welcome' },
          { title: 'Install' },
          { title: 'Upgrading', parent: 'Install' },
          { title: 'Uninstalling', parent: 'Install' },
          { title: 'Changelog' },
        ]),
      );
      for (const expected of [
        'Requirements',
        'installer',
        'Node.js 24',
        'Unpack it',
        '•',
        '2.',
        'npm install docsync',
        'Quoted advice.',
        '[Image: The logo (images are not included in the PDF)]',
      ])
        expect(text).toContain(expected);
    });

    it('exports a page with its subpages, or with `only` the page alone', async () => {
      const install = pageIds.get('Install') ?? '';
      const withSubpages = readPdf((await download(await pdfLink(`?page=${install}`))).bytes);
      expect(withSubpages.pageCount).toBe(3);
      expect(withSubpages.texts).toContain('Upgrading');
      expect(withSubpages.texts).not.toContain('Welcome');

      const alone = readPdf((await download(await pdfLink(`?page=${install}&only=true`))).bytes);
      expect(alone.wellFormed).toBe(true);
      expect(alone.pageCount).toBe(1);
      expect(alone.texts).toContain('Install');
      expect(alone.texts).not.toContain('Upgrading');
    });

    it('keeps serving the revision it was asked for after the change request moves on', async () => {
      const url = await pdfLink();
      const edit = await server.http.request('POST', `${crPath()}/content`, {
        body: { changes: [{ type: 'insert_page', document: { markdown: '# Appendix\n' } }] },
      });
      expect(edit.status).toBe(200);
      const before = readPdf((await download(url)).bytes);
      expect(before.pageCount).toBe(5);
      expect(before.texts).not.toContain('Appendix');
      const after = readPdf((await download(await pdfLink())).bytes);
      expect(after.pageCount).toBe(6);
      expect(after.texts).toContain('Appendix');
      await server.http.request('POST', `${crPath()}/content`, {
        body: {
          changes: [
            {
              type: 'delete_page',
              page: (
                (await server.http.get(`${crPath()}/content/pages`)).body as RevisionPages
              ).pages.find((page) => page.title === 'Appendix')?.id,
            },
          ],
        },
      });
    });

    it('answers 400 for `only` without `page` or a bad boolean, 404 for unknown pages and ids', async () => {
      for (const query of ['?only=true', '?only=perhaps']) {
        const answer = await server.http.get(`${crPath()}/pdf${query}`);
        expect(answer.status, query).toBe(400);
        expect(Value.Check(ErrorBody, answer.body)).toBe(true);
      }
      for (const path of [
        `${crPath()}/pdf?page=no-such-page`,
        `${crPath()}/pdf?page=no-such-page&only=true`,
        `${crPath('unknown')}/pdf`,
        `/v1/spaces/unknown/change-requests/1/pdf`,
      ]) {
        const answer = await server.http.get(path);
        expect(answer.status, path).toBe(404);
        expect(Value.Check(ErrorBody, answer.body)).toBe(true);
      }
      // The number addresses the change request too.
      expect((await server.http.get(`${crPath(String(cr.number))}/pdf`)).status).toBe(200);
    });

    it('serves the PDF only to callers who can read the space, and only revisions of it', async () => {
      const url = await pdfLink();
      expect((await download(url, null)).response.status).toBe(401);
      const outsider = await seedUser(server.db, server.clock, { name: 'Outsider' });
      expect((await download(url, outsider.token)).response.status).toBe(404);
      const reader = await seedUser(server.db, server.clock, { name: 'Reader' });
      await seedMember(server.db, server.clock, server.organizationId, reader.userId, 'read');
      expect((await download(url, reader.token)).response.status).toBe(200);

      // Another space's revision through this change request's route: not found.
      const other = (await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`))
        .body as Space;
      const otherCr = (
        await server.http.request('POST', `/v1/spaces/${other.id}/change-requests`, { body: {} })
      ).body as ChangeRequest;
      await server.http.request(
        'POST',
        `/v1/spaces/${other.id}/change-requests/${otherCr.id}/content`,
        {
          body: { changes: [{ type: 'insert_page', document: { markdown: '# Secret\n' } }] },
        },
      );
      const otherHead = (
        (await server.http.get(`/v1/spaces/${other.id}/change-requests/${otherCr.id}`))
          .body as ChangeRequest
      ).revision;
      const foreign = await download(`${server.baseUrl}${crPath()}/pdf/${otherHead}`);
      expect(foreign.response.status).toBe(404);
      const badQuery = await download(`${url.split('?')[0] ?? ''}?only=sometimes`);
      expect(badQuery.response.status).toBe(400);
    });

    it('exports an empty change request as one page saying so', async () => {
      const empty = (
        await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: {} })
      ).body as ChangeRequest;
      const answer = await server.http.get(`${crPath(empty.id)}/pdf`);
      const pdf = readPdf((await download((answer.body as PdfLink).url)).bytes);
      expect(pdf.wellFormed).toBe(true);
      expect(pdf.pageCount).toBe(1);
      expect(pdf.texts.join(' ')).toContain('This change request has no pages.');
    });
  });
}
