import { ListOf, Translation, type RevisionPages, type Space } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, seedMemberUser, seedOrganization, seedUser } from '../testing/seed.js';
import { commitOid, sendTree, textBlob, type TreeBlob } from '../testing/send-tree.js';
import { testDialects, type TestServer } from '../testing/start-test-server.js';
import type { RunWatcher } from '../testing/translation-test-kit.js';
import {
  pageMarkdown,
  RecordingTranslator,
  startTranslationServer,
} from '../testing/translation-test-kit.js';
import { translatedPageId } from '../translations/translated-content.js';
import { TranslatorError } from '../translations/translator.js';

const summary = '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n';
const guide = [
  '# Guide',
  '',
  'Run `docsync push` to send **your** pages.',
  '',
  '```bash',
  'docsync push --dry-run',
  '```',
  '',
  '* First step',
  '* Second step',
  '',
].join('\n');
const tree = (readme: string): TreeBlob[] => [
  textBlob('README.md', readme),
  textBlob('SUMMARY.md', summary),
  textBlob('guide.md', guide),
];
const home = '# Home\n\nWelcome to the docs.\n\nRead the [guide](guide.md) next.\n';

/** A paragraph of instructions (a glossary entry is one of the form `term => translation`). */
const paragraph = (text: string) => ({
  object: 'block',
  type: 'paragraph',
  data: {},
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
});
const instructions = (...lines: string[]) => ({
  object: 'document',
  data: {},
  nodes: lines.map(paragraph),
});

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`translations over HTTP (${dialect})`, () => {
    let server: TestServer;
    const translator = new RecordingTranslator();
    let runs: RunWatcher;
    let org: string;
    let source: Space;
    let commits = 0;
    let reader: { token: string };
    let editor: { token: string };
    let creator: { token: string };
    let stranger: { token: string };
    let otherSpace: string;

    beforeAll(async () => {
      ({ server, runs } = await startTranslationServer(dialect, translator));
      org = server.organizationId;
      const member = (email: string, role: string | null) =>
        seedMemberUser(server.db, server.clock, org, email, role);
      reader = await member('reader@example.com', 'read');
      editor = await member('editor@example.com', 'edit');
      creator = await member('creator@example.com', 'create');
      const outsider = await seedUser(server.db, server.clock, { email: 'x@other.example' });
      const other = await seedOrganization(server.db, server.clock);
      await seedMember(server.db, server.clock, other, outsider.userId, 'admin');
      stranger = outsider;
      const created = await server.http.request('POST', `/v1/orgs/${org}/spaces`, {
        body: { title: 'Handbook' },
      });
      source = created.body as Space;
      const sent = await sendTree(server.http, source.id, tree(home), {
        oid: commitOid(++commits),
        message: 'docs',
      });
      expect(sent.status).toBe(204);
      // A space of another organization the admin is in too.
      const second = await seedOrganization(server.db, server.clock);
      await seedMember(server.db, server.clock, second, server.userId, 'admin');
      const elsewhere = await server.http.request('POST', `/v1/orgs/${second}/spaces`);
      otherSpace = (elsewhere.body as Space).id;
    });
    afterAll(async () => {
      await server.close();
    });

    const path = (rest = '') => `/v1/orgs/${org}/translations${rest}`;
    const get = async (id: string) => (await server.http.get(path(`/${id}`))).body as Translation;
    const pagesOf = async (spaceId: string) =>
      ((await server.http.get(`/v1/spaces/${spaceId}/content/pages`)).body as RevisionPages).pages;
    let french: Translation;

    it('creates a translation pending, runs it in the background into a new space with the same page tree, and answers it completed', async () => {
      const { result: created } = await runs.after(() =>
        server.http.request('POST', path(), {
          body: {
            language: 'fr',
            source: { space: source.id },
            instructions: instructions('Keep a friendly tone.', 'docsync => docsync'),
          },
        }),
      );
      expect(created.status, created.text).toBe(201);
      expect(Value.Check(Translation, created.body)).toBe(true);
      expect(created.body).toMatchObject({
        object: 'translation',
        status: 'pending',
        source: { space: source.id, language: 'en' },
        language: 'fr',
        autoRun: false,
        permissions: { view: true, edit: true },
        stats: { runs: 0, totalWords: 0 },
      });
      expect(created.body).not.toHaveProperty('result');
      french = await get((created.body as Translation).id);
      expect(french.status).toBe('completed');
      expect(french.result).toBeDefined();
      const target = french.result?.space ?? '';
      expect(french.stats).toMatchObject({ runs: 1, totalPages: 2, latestPages: 2 });
      expect(french.stats.latestWords).toBeGreaterThan(10);
      expect(french.stats.totalWords).toBe(french.stats.latestWords);

      // A real space: readable, with the source's tree under mapped ids.
      const space = await server.http.get(`/v1/spaces/${target}`);
      expect(space.status).toBe(200);
      expect(space.body).toMatchObject({ title: 'Handbook (fr)', language: 'fr' });
      const sourcePages = await pagesOf(source.id);
      const targetPages = await pagesOf(target);
      expect(
        targetPages.map((page) => [page.id, page.title, 'path' in page ? page.path : '']),
      ).toEqual(
        sourcePages.map((page) => [
          translatedPageId(french.id, page.id),
          page.title,
          'path' in page ? page.path : '',
        ]),
      );
      const [readmeId, guideId] = targetPages.map((page) => page.id);
      const readme = await pageMarkdown(server, target, readmeId ?? '');
      expect(readme).toContain('⟦fr⟧ Wélçömé tö thé döçs.');
      // The link points at the translated guide, which resolves in the translated space.
      expect(readme).toContain('⟦fr⟧ Réád thé [güídé](guide.md) ñéxt.');
      const links = await server.http.get(
        `/v1/spaces/${target}/content/page/${readmeId ?? ''}?format=document`,
      );
      expect(JSON.stringify(links.body)).toContain(`"page":"${guideId ?? ''}"`);
      const guideText = await pageMarkdown(server, target, guideId ?? '');
      // Code, inline code and marks are kept; the glossary keeps `docsync` as it is.
      expect(guideText).toContain('```bash\ndocsync push --dry-run\n```');
      expect(guideText).toContain('⟦fr⟧ Rüñ `docsync push` tö séñd **ýöür** págés.');
      expect(guideText).toContain('* ⟦fr⟧ Fírst stép');
      expect(translator.take().every((text) => !text.includes('--dry-run'))).toBe(true);
    });

    it('translates on a re-run only the paragraph that changed in the source, and keeps an edit a person made in the translation', async () => {
      const target = french.result?.space ?? '';
      const readmeId = translatedPageId(french.id, (await pagesOf(source.id))[0]?.id ?? '');
      // A person corrects a paragraph of the translation through a change request.
      const cr = await server.http.request('POST', `/v1/spaces/${target}/change-requests`, {
        body: { subject: 'Better French' },
      });
      const crId = (cr.body as { id: string }).id;
      const page = (
        await server.http.get(`/v1/spaces/${target}/content/page/${readmeId}?format=document`)
      ).body as { document: { nodes: { nodes: { leaves: { text: string }[] }[] }[] } };
      const first = page.document.nodes[0]?.nodes[0]?.leaves[0];
      expect(first?.text).toBe('⟦fr⟧ Wélçömé tö thé döçs.');
      if (first !== undefined) first.text = 'Bienvenue dans la documentation.';
      const changed = await server.http.request(
        'POST',
        `/v1/spaces/${target}/change-requests/${crId}/content`,
        {
          body: {
            changes: [
              { type: 'update_page', page: readmeId, document: { document: page.document } },
            ],
          },
        },
      );
      expect(changed.status, changed.text).toBe(200);
      const merged = await server.http.request(
        'POST',
        `/v1/spaces/${target}/change-requests/${crId}/merge`,
      );
      expect(merged.body).toMatchObject({ result: 'merge' });
      // The source's second paragraph changes.
      const sent = await sendTree(
        server.http,
        source.id,
        tree(home.replace('Read the [guide](guide.md) next.', 'Then read the [guide](guide.md).')),
        { oid: commitOid(++commits), message: 'reword' },
      );
      expect(sent.status).toBe(204);
      const { result: ran } = await runs.after(() =>
        server.http.request('POST', path(`/${french.id}/run`)),
      );
      expect(ran.status).toBe(204);
      expect(translator.take()).toEqual(['Then read the <l0>guide</l0>.']);
      const after = await get(french.id);
      expect(after).toMatchObject({
        status: 'completed',
        stats: { runs: 2, latestPages: 1, latestWords: 4 },
      });
      expect(after.result?.space).toBe(target);
      expect(after.result?.revision).not.toBe(french.result?.revision);
      const readme = await pageMarkdown(server, target, readmeId);
      expect(readme).toContain('Bienvenue dans la documentation.');
      expect(readme).toContain('⟦fr⟧ Théñ réád thé [güídé](guide.md).');
      // Nothing changed since: a run sends nothing and writes no revision.
      await runs.after(() => server.http.request('POST', path(`/${french.id}/run`)));
      expect(translator.take()).toEqual([]);
      const again = await get(french.id);
      expect(again.result?.revision).toBe(after.result?.revision);
      expect(again.stats).toMatchObject({ runs: 3, latestWords: 0, latestPages: 0 });
      french = again;
    });

    it('records a failing translator on the translation, keeps the translated space as it was, and completes on the next run', async () => {
      await sendTree(
        server.http,
        source.id,
        tree(home.replace('Welcome to the docs.', 'Hello there.')),
        {
          oid: commitOid(++commits),
          message: 'greet',
        },
      );
      translator.failure = new TranslatorError('libretranslate', 'HTTP 403: bad key', false);
      await runs.after(() => server.http.request('POST', path(`/${french.id}/run`)));
      const failed = await get(french.id);
      expect(failed).toMatchObject({
        status: 'completed',
        lastError: { code: 'translator-failed', message: 'libretranslate: HTTP 403: bad key' },
        stats: { runs: 3 },
      });
      expect(failed.result).toEqual(french.result);
      translator.failure = undefined;
      await runs.after(() => server.http.request('POST', path(`/${french.id}/run`)));
      const fixed = await get(french.id);
      expect(fixed).not.toHaveProperty('lastError');
      expect(fixed.stats.runs).toBe(4);
      expect(translator.take()).toEqual(['Hello there.']);
    });

    it('runs by itself after a change request is merged into the source when autoRun is set', async () => {
      const put = await server.http.request('PUT', path(`/${french.id}`), {
        body: { instructions: instructions('docsync => docsync'), autoRun: true },
      });
      expect(put.status).toBe(200);
      expect(Value.Check(Translation, put.body)).toBe(true);
      expect(put.body).toMatchObject({
        autoRun: true,
        instructions: instructions('docsync => docsync'),
      });
      const guidePage = (await pagesOf(source.id))[1]?.id ?? '';
      const cr = await server.http.request('POST', `/v1/spaces/${source.id}/change-requests`, {
        body: { subject: 'More steps' },
      });
      const crId = (cr.body as { id: string }).id;
      await server.http.request('POST', `/v1/spaces/${source.id}/change-requests/${crId}/content`, {
        body: {
          changes: [
            {
              type: 'update_page',
              page: guidePage,
              document: { markdown: `${guide}* Third step\n` },
            },
          ],
        },
      });
      await runs.after(() =>
        server.http.request('POST', `/v1/spaces/${source.id}/change-requests/${crId}/merge`),
      );
      expect(translator.take()).toEqual(['Third step']);
      const target = french.result?.space ?? '';
      const text = await pageMarkdown(server, target, translatedPageId(french.id, guidePage));
      expect(text).toContain('* ⟦fr⟧ Thírd stép');
    });

    it('runs whole when the source’s page tree changed: a new page is translated, the person’s edit still kept', async () => {
      const target = french.result?.space ?? '';
      const sent = await sendTree(
        server.http,
        source.id,
        [
          ...tree(
            home.replace('Read the [guide](guide.md) next.', 'Then read the [guide](guide.md).'),
          ).filter((file) => file.path !== 'SUMMARY.md'),
          textBlob('SUMMARY.md', `${summary}* [FAQ](faq.md)\n`),
          textBlob('faq.md', '# FAQ\n\nAsk the [guide](guide.md).\n'),
        ],
        { oid: commitOid(++commits), message: 'faq' },
      );
      expect(sent.status).toBe(204);
      translator.take();
      await runs.after(() => server.http.request('POST', path(`/${french.id}/run`)));
      expect(translator.take()).toEqual(expect.arrayContaining(['Ask the <l0>guide</l0>.']));
      const pages = await pagesOf(target);
      expect(pages.map((page) => page.title)).toEqual(['Home', 'Guide', 'FAQ']);
      const readme = await pageMarkdown(server, target, pages[0]?.id ?? '');
      expect(readme).toContain('Bienvenue dans la documentation.');
      expect(await pageMarkdown(server, target, pages[2]?.id ?? '')).toContain(
        '⟦fr⟧ Ásk thé [güídé](guide.md).',
      );
    });

    it('lists translations a page at a time, oldest first', async () => {
      server.clock.advance(1000);
      const created = await runs.after(() =>
        server.http.request('POST', path(), {
          body: { language: 'de', source: { space: source.id, language: 'en' } },
        }),
      );
      expect(created.result.status).toBe(201);
      const first = await server.http.get(path('?limit=1'));
      expect(first.status).toBe(200);
      expect(Value.Check(ListOf(Translation), first.body)).toBe(true);
      const page = first.body as { items: Translation[]; next?: { page: string }; count: number };
      expect(page.count).toBe(2);
      expect(page.items.map((item) => item.id)).toEqual([french.id]);
      const second = await server.http.get(path(`?limit=1&page=${page.next?.page ?? ''}`));
      expect((second.body as { items: Translation[] }).items.map((item) => item.language)).toEqual([
        'de',
      ]);
      translator.take();
    });

    it('lets readers see translations, and only members who may create content change them', async () => {
      const asReader = await server.http.request('GET', path(`/${french.id}`), {
        token: reader.token,
      });
      expect(asReader.status).toBe(200);
      expect(asReader.body).toMatchObject({ permissions: { view: true, edit: false } });
      expect((await server.http.request('GET', path(), { token: editor.token })).status).toBe(200);
      for (const token of [reader.token, editor.token]) {
        for (const [method, url, body] of [
          ['POST', path(), { language: 'it', source: { space: source.id } }],
          ['PUT', path(`/${french.id}`), { instructions: instructions() }],
          ['POST', path(`/${french.id}/run`), undefined],
          ['DELETE', path(`/${french.id}`), undefined],
        ] as const) {
          const refused = await server.http.request(method, url, { token, body });
          expect(refused.status, `${method} ${url}`).toBe(403);
          expect(refused.body).toMatchObject({ error: { code: 403 } });
        }
      }
      for (const url of [path(), path(`/${french.id}`)]) {
        const hidden = await server.http.request('GET', url, { token: stranger.token });
        expect(hidden.status).toBe(404);
      }
      const noToken = await server.http.request('GET', path(), { token: '' });
      expect(noToken.status).toBe(401);
      const asCreator = await server.http.request('PUT', path(`/${french.id}`), {
        token: creator.token,
        body: { instructions: instructions('docsync => docsync') },
      });
      expect(asCreator.status).toBe(200);
      // autoRun left out keeps it.
      expect(asCreator.body).toMatchObject({ autoRun: true, permissions: { edit: true } });
    });

    it('refuses bad input with 400, a second translation into a language with 409, unknown ids with 404', async () => {
      for (const body of [
        {},
        { language: 'fr' },
        { source: { space: source.id } },
        { language: 'klingon', source: { space: source.id } },
        { language: 'fr', source: { space: '' } },
        { language: 'fr', source: { space: 'no-such-space' } },
        { language: 'fr', source: { space: source.id, language: 'xx' } },
        { language: 'en', source: { space: source.id } },
        { language: 'it', source: { space: source.id }, instructions: 'be nice' },
        { language: 'it', source: { space: source.id }, instructions: { object: 'page' } },
        { language: 'it', source: { space: source.id }, autoRun: 'yes' },
        { language: 'it', source: { space: otherSpace } },
      ]) {
        const refused = await server.http.request('POST', path(), { body });
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body).toMatchObject({ error: { code: 400 } });
      }
      const farSpace = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/translations`,
        { token: stranger.token, body: { language: 'it', source: { space: source.id } } },
      );
      expect(farSpace.status).toBe(404);
      const taken = await server.http.request('POST', path(), {
        body: { language: 'fr', source: { space: source.id } },
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ error: { code: 409 } });
      for (const body of [
        {},
        { instructions: 'x' },
        { instructions: instructions(), autoRun: 1 },
      ]) {
        const refused = await server.http.request('PUT', path(`/${french.id}`), { body });
        expect(refused.status, JSON.stringify(body)).toBe(400);
      }
      for (const [method, url] of [
        ['GET', path('/nope')],
        ['PUT', path('/nope')],
        ['POST', path('/nope/run')],
      ] as const) {
        const missing = await server.http.request(method, url, {
          body: method === 'PUT' ? { instructions: instructions() } : undefined,
        });
        expect(missing.status, `${method} ${url}`).toBe(404);
        expect(missing.body).toMatchObject({ error: { code: 404 } });
      }
      const badPage = await server.http.get(path('?page=garbage'));
      expect(badPage.status).toBe(400);
    });

    it('deletes a translation (204, also when absent) and leaves the translated space', async () => {
      const target = french.result?.space ?? '';
      const deleted = await server.http.request('DELETE', path(`/${french.id}`));
      expect(deleted.status).toBe(204);
      expect((await server.http.get(path(`/${french.id}`))).status).toBe(404);
      expect((await server.http.request('DELETE', path(`/${french.id}`))).status).toBe(204);
      expect((await server.http.get(`/v1/spaces/${target}`)).status).toBe(200);
      const rows = await server.db
        .selectFrom('translation_blocks')
        .select('source_hash')
        .where('translation_id', '=', french.id)
        .execute();
      expect(rows).toEqual([]);
    });
  });
}
