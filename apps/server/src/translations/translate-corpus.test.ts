/**
 * A translation of a real docs tree (../shared/corpora/pentest-book, imported as Git Sync sends
 * it; CI has shared/ beside the checkout, the test is skipped only when that folder is absent),
 * with the pseudo translator: the first run translates every text block and nothing else, a
 * re-run after one paragraph changed sends exactly that paragraph, and a person's edit of the
 * translation survives re-runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Space, Translation } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commitOid,
  readTreeFromDisk,
  sendTree,
  textBlob,
  type TreeBlob,
} from '../testing/send-tree.js';
import { testDialects, type TestServer } from '../testing/start-test-server.js';
import type { RunWatcher } from '../testing/translation-test-kit.js';
import {
  pageMarkdown,
  RecordingTranslator,
  startTranslationServer,
} from '../testing/translation-test-kit.js';
import { mapTextBlocks, plainText, textBlocks, type DocumentNode } from './text-blocks.js';
import { translatedPageId } from './translated-content.js';

const corpus = fileURLToPath(
  new URL('../../../../../shared/corpora/pentest-book', import.meta.url),
);

interface PageDocument {
  id: string;
  path: string;
  document: { nodes: DocumentNode[] };
}

/** Every page of a page tree, parents first. */
function flatten(pages: readonly Page[]): Page[] {
  return pages.flatMap((page) => [page, ...flatten((page.pages ?? []) as Page[])]);
}

/** The document's JSON with its text blocks blanked: its structure, code and references. */
function skeleton(document: { nodes: DocumentNode[] }): string {
  return JSON.stringify(mapTextBlocks(document.nodes, () => ({ object: 'block', type: 'text' })));
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip || !existsSync(corpus))(`a translation of pentest-book (${dialect})`, () => {
    let server: TestServer;
    const translator = new RecordingTranslator();
    let runs: RunWatcher;
    let tree: TreeBlob[];
    let source: Space;
    let translation: Translation;
    let commits = 0;

    beforeAll(async () => {
      ({ server, runs } = await startTranslationServer(dialect, translator));
      tree = readTreeFromDisk(corpus);
      const created = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/spaces`,
        {
          body: { title: 'Pentest book' },
        },
      );
      source = created.body as Space;
      const sent = await sendTree(server.http, source.id, tree, {
        oid: commitOid(++commits),
        message: 'import',
      });
      expect(sent.status, sent.text).toBe(204);
    }, 120_000);
    afterAll(async () => {
      await server.close();
    });

    const documents = async (spaceId: string): Promise<PageDocument[]> => {
      const listed = await server.http.get(`/v1/spaces/${spaceId}/content/pages`);
      const pages = flatten((listed.body as { pages: Page[] }).pages).filter(
        (page) => page.type === 'document',
      );
      return Promise.all(
        pages.map(async (page) => {
          const read = await server.http.get(
            `/v1/spaces/${spaceId}/content/page/${page.id}?format=document`,
          );
          return read.body as PageDocument;
        }),
      );
    };
    const run = async (act: () => Promise<unknown>) => {
      const { outcome } = await runs.after(act);
      expect(outcome.outcome).toBe('done');
      const read = await server.http.get(
        `/v1/orgs/${server.organizationId}/translations/${translation.id}`,
      );
      translation = read.body as Translation;
      expect(translation).not.toHaveProperty('lastError');
    };

    it('translates every text block on the first run and nothing else: structure, code and references kept', async () => {
      const { result } = await runs.after(() =>
        server.http.request('POST', `/v1/orgs/${server.organizationId}/translations`, {
          body: { language: 'fr', source: { space: source.id } },
        }),
      );
      translation = (
        await server.http.get(
          `/v1/orgs/${server.organizationId}/translations/${(result.body as Translation).id}`,
        )
      ).body as Translation;
      expect(translation.status).toBe('completed');
      const target = translation.result?.space ?? '';
      const sourceDocs = await documents(source.id);
      const targetDocs = new Map((await documents(target)).map((doc) => [doc.id, doc]));
      expect(targetDocs.size).toBe(sourceDocs.length);
      const distinct = new Set<string>();
      let blocks = 0;
      let codeBlocks = 0;
      for (const doc of sourceDocs) {
        const translated = targetDocs.get(translatedPageId(translation.id, doc.id));
        expect(translated?.path, doc.path).toBe(doc.path);
        if (translated === undefined) continue;
        // Everything but the text blocks is the source's, page references moved to the translation.
        let expected = skeleton(doc.document);
        for (const page of sourceDocs)
          expected = expected.replaceAll(
            `"page":"${page.id}"`,
            `"page":"${translatedPageId(translation.id, page.id)}"`,
          );
        expect(skeleton(translated.document), doc.path).toBe(expected);
        const sourceBlocks = textBlocks(doc.document.nodes);
        const targetBlocks = textBlocks(translated.document.nodes);
        expect(targetBlocks.length, doc.path).toBe(sourceBlocks.length);
        for (const block of targetBlocks) expect(plainText(block), doc.path).toMatch(/^⟦fr⟧ /);
        for (const block of sourceBlocks) distinct.add(JSON.stringify(block));
        blocks += sourceBlocks.length;
        const code = (nodes: DocumentNode[]): string[] =>
          nodes.flatMap((node) =>
            node.type === 'code'
              ? [JSON.stringify(node)]
              : code([...(node.nodes ?? []), ...(node.fragments ?? [])]),
          );
        expect(code(translated.document.nodes), doc.path).toEqual(code(doc.document.nodes));
        codeBlocks += code(doc.document.nodes).length;
      }
      // Every distinct text block was sent once, and nothing else was.
      expect(translator.take()).toHaveLength(distinct.size);
      expect(blocks).toBeGreaterThan(1000);
      expect(codeBlocks).toBeGreaterThan(100);
      expect(translation.stats.latestPages).toBeGreaterThan(100);
    }, 120_000);

    /** A paragraph of plain words that occurs once in its file, and that file. */
    function plainParagraph(skipPath?: string): { path: string; text: string } {
      for (const file of tree) {
        if (
          !file.path.endsWith('.md') ||
          file.path === skipPath ||
          file.path.endsWith('SUMMARY.md')
        )
          continue;
        const text = new TextDecoder().decode(file.bytes);
        const line = text
          .split('\n')
          .find(
            (candidate) =>
              /^[A-Z][A-Za-z ,]{30,}\.$/.test(candidate) && text.split(candidate).length === 2,
          );
        if (line !== undefined) return { path: file.path, text: line };
      }
      throw new Error('no plain paragraph in the corpus');
    }
    const changed = (path: string, from: string, to: string) =>
      tree.map((file) =>
        file.path === path
          ? textBlob(path, new TextDecoder().decode(file.bytes).replace(from, to))
          : file,
      );

    it('sends exactly the one changed paragraph on the next run, and keeps a person’s edit of another', async () => {
      const target = translation.result?.space ?? '';
      // A person rewrites a translated paragraph in the translated space.
      const edited = plainParagraph();
      const sourcePages = flatten(
        ((await server.http.get(`/v1/spaces/${source.id}/content/pages`)).body as { pages: Page[] })
          .pages,
      );
      const pagePath = edited.path
        .replace(/\.md$/, '')
        .replace(/\/README$/, '')
        .replace(/^README$/, '');
      const page = sourcePages.find(
        (candidate) => 'path' in candidate && candidate.path === pagePath,
      );
      expect(page, edited.path).toBeDefined();
      const targetPage = translatedPageId(translation.id, page?.id ?? '');
      const before = await pageMarkdown(server, target, targetPage);
      const line = before
        .split('\n')
        .find((candidate) => candidate.startsWith('⟦fr⟧') && candidate.length > 30);
      expect(line).toBeDefined();
      const cr = await server.http.request('POST', `/v1/spaces/${target}/change-requests`, {
        body: { subject: 'Fix' },
      });
      const crId = (cr.body as { id: string }).id;
      const updated = await server.http.request(
        'POST',
        `/v1/spaces/${target}/change-requests/${crId}/content`,
        {
          body: {
            changes: [
              {
                type: 'update_page',
                page: targetPage,
                document: {
                  markdown: before.replace(line ?? '', 'Une phrase écrite par une personne.'),
                },
              },
            ],
          },
        },
      );
      expect(updated.status, updated.text).toBe(200);
      const merged = await server.http.request(
        'POST',
        `/v1/spaces/${target}/change-requests/${crId}/merge`,
      );
      expect(merged.body).toMatchObject({ result: 'merge' });

      // One paragraph of another page changes in the source.
      const paragraph = plainParagraph(edited.path);
      tree = changed(
        paragraph.path,
        paragraph.text,
        `${paragraph.text.slice(0, -1)}, now reworded.`,
      );
      await sendTree(server.http, source.id, tree, {
        oid: commitOid(++commits),
        message: 'reword',
      });
      await run(() =>
        server.http.request(
          'POST',
          `/v1/orgs/${server.organizationId}/translations/${translation.id}/run`,
        ),
      );
      expect(translator.take()).toEqual([`${paragraph.text.slice(0, -1)}, now reworded.`]);
      expect(translation.stats).toMatchObject({ latestPages: 1, runs: 2 });
      const after = await pageMarkdown(server, target, targetPage);
      expect(after).toContain('Une phrase écrite par une personne.');
      expect(after).not.toContain(line);

      // And once more: the edit still holds after another run with an unrelated change.
      tree = changed(paragraph.path, 'now reworded.', 'reworded again.');
      await sendTree(server.http, source.id, tree, { oid: commitOid(++commits), message: 'again' });
      await run(() =>
        server.http.request(
          'POST',
          `/v1/orgs/${server.organizationId}/translations/${translation.id}/run`,
        ),
      );
      expect(translator.take()).toHaveLength(1);
      expect(await pageMarkdown(server, target, targetPage)).toContain(
        'Une phrase écrite par une personne.',
      );
      expect(readFileSync(join(corpus, paragraph.path), 'utf8')).toContain(paragraph.text);
    }, 120_000);
  });
}
