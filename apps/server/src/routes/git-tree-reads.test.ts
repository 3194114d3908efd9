import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ErrorBody,
  GitTree,
  GitTreeFiles,
  Revision,
  RevisionReusableContent,
  type ChangeRequest,
  type Space,
} from '@docsync/api';
import { gitBlobId, revisionToTree, treeToRevision, type TreeFile } from '@docsync/core';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../blobs/blob-store.js';
import {
  commitOid,
  readTreeFromDisk,
  sendTree,
  textBlob,
  type TreeBlob,
} from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';
import { recordSpaceBlobs } from '../blobs/space-blobs.js';

/** The repository root; CI has the shared corpora beside the checkout (`../shared`). */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const trunkDocs = join(repoRoot, '../shared/corpora/trunk-docs');

/** What `docsync fmt` writes for a tree: core's `revisionToTree(treeToRevision(files))`. */
function formatted(tree: readonly TreeBlob[]): TreeFile[] {
  const files = tree.map((blob) => ({
    path: blob.path,
    oid: blob.oid,
    size: blob.bytes.byteLength,
    // As the CLI reads a docs tree: markdown and YAML with their text.
    ...(/\.(md|ya?ml)$/i.test(blob.path) ? { text: new TextDecoder().decode(blob.bytes) } : {}),
  }));
  const read = treeToRevision(files);
  return revisionToTree(read.content, { config: read.config }).files;
}

/**
 * The listing against what fmt writes, file by file: paths only one side has, and paths whose
 * blob ids differ. Empty when the service gives back exactly what fmt writes.
 */
function mismatches(listed: GitTree, expected: readonly TreeFile[]): string[] {
  const want = new Map(expected.map((file) => [file.path, file.oid]));
  const have = new Map(listed.files.map((file) => [file.path, file.oid]));
  return [
    ...[...want.keys()].filter((path) => !have.has(path)).map((path) => `not listed: ${path}`),
    ...[...have.keys()].filter((path) => !want.has(path)).map((path) => `not in fmt: ${path}`),
    ...[...have]
      .filter(([path, oid]) => want.has(path) && want.get(path) !== oid)
      .map(([path]) => `other bytes: ${path}`),
  ];
}

/** A docs tree in a `docs/` root with `.gitbook.yaml`, an include, variables and an asset. */
function settingsTree(include = 'Ask us anything.'): TreeBlob[] {
  return [
    textBlob(
      '.gitbook.yaml',
      [
        'root: ./docs/',
        '',
        'structure:',
        '  readme: intro.md',
        '  summary: toc.md',
        '',
        'redirects:',
        '  old/start: guides/start.md',
        '  legacy: intro.md',
        '',
      ].join('\n'),
    ),
    textBlob('docs/intro.md', '# Intro\n\nWelcome.\n'),
    textBlob(
      'docs/toc.md',
      '# Table of contents\n\n* [Intro](intro.md)\n* [Start](guides/start.md)\n',
    ),
    textBlob(
      'docs/guides/start.md',
      '# Start\n\nBefore.\n\n{% include "../.gitbook/includes/help.md" %}\n\nAfter {{ $vars.product }}.\n',
    ),
    textBlob('docs/.gitbook/includes/help.md', `---\ntitle: Help\n---\n\n${include}\n`),
    textBlob('docs/.gitbook/vars.yaml', 'product: Docsync\n'),
    {
      path: 'docs/.gitbook/assets/logo.png',
      oid: gitBlobId(new Uint8Array([137, 80, 78, 71, 0, 1, 2, 3])),
      bytes: new Uint8Array([137, 80, 78, 71, 0, 1, 2, 3]),
    },
  ];
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`git tree reads over HTTP (${dialect})`, () => {
    let server: TestServer;
    let store: BlobStore | undefined;
    let commits = 2000;
    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        blobs: (blobs) => {
          store = blobs;
          return blobs;
        },
      });
    });
    afterAll(async () => {
      await server.close();
    }, 60_000);

    async function spaceWith(tree: readonly TreeBlob[]): Promise<Space> {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      await importInto(space.id, tree);
      return space;
    }
    async function importInto(
      spaceId: string,
      tree: readonly TreeBlob[],
      changeRequest?: string,
    ): Promise<void> {
      const sent = await sendTree(
        server.http,
        spaceId,
        tree,
        { oid: commitOid(++commits), message: 'tree' },
        changeRequest === undefined ? {} : { changeRequest },
      );
      expect(sent.status).toBe(204);
    }
    async function listing(spaceId: string, query = ''): Promise<GitTree> {
      const listed = await server.http.get(`/v1/spaces/${spaceId}/git/tree${query}`);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(Value.Check(GitTree, listed.body)).toBe(true);
      return listed.body as GitTree;
    }
    async function readFiles(spaceId: string, body: object): Promise<GitTreeFiles> {
      const read = await server.http.request('POST', `/v1/spaces/${spaceId}/git/tree/files`, {
        body,
      });
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(Value.Check(GitTreeFiles, read.body)).toBe(true);
      return read.body as GitTreeFiles;
    }
    const revisionOf = async (spaceId: string) =>
      ((await server.http.get(`/v1/spaces/${spaceId}/git/info`)).body as { revision: string })
        .revision;
    /** The bytes a file of `git/tree/files` holds. */
    const bytesOf = (file: GitTreeFiles['files'][number]) =>
      file.text !== undefined
        ? new TextEncoder().encode(file.text)
        : new Uint8Array(Buffer.from(file.base64 ?? '', 'base64'));

    it('gives back trunk-docs as fmt writes it, every file’s bytes hashing to its listed blob id', async () => {
      const tree = readTreeFromDisk(trunkDocs);
      expect(tree.some((file) => file.path === '.gitbook.yaml')).toBe(true);
      const expected = formatted(tree);
      const space = await spaceWith(tree);
      const listed = await listing(space.id);
      // Converter differences would show here, file by file; there are none for this corpus.
      expect(mismatches(listed, expected)).toEqual([]);
      expect(
        listed.files.filter((file) => file.path.startsWith('.gitbook/includes/')),
      ).toHaveLength(19);

      const read = await readFiles(space.id, {
        paths: [...listed.files.map((file) => file.path), 'nowhere.md', 'summary.md'],
      });
      expect(read.revision).toBe(listed.revision);
      expect(read.missing).toEqual(['nowhere.md']);
      expect(read.deferred).toBeUndefined();
      expect(read.files.map((file) => file.path)).toEqual(listed.files.map((file) => file.path));
      const fmtText = new Map(expected.map((file) => [file.path, file.text]));
      for (const [index, file] of read.files.entries()) {
        const entry = listed.files[index];
        const bytes = bytesOf(file);
        expect(gitBlobId(bytes), file.path).toBe(entry?.oid);
        expect(file.size, file.path).toBe(entry?.size);
        // Assets (the listing names their file) as base64, everything else as text, as fmt has it.
        expect(file.base64 !== undefined, file.path).toBe(entry?.file !== undefined);
        if (file.text !== undefined) expect(file.text, file.path).toBe(fmtText.get(file.path));
      }

      // An edited include: the next listing differs from this one in that file only.
      const include = '.gitbook/includes/retries.md';
      const edited = tree.map((file) =>
        file.path === include
          ? textBlob(include, `${new TextDecoder().decode(file.bytes)}\nOne more line.\n`)
          : file,
      );
      await importInto(space.id, edited);
      const since = await listing(space.id, `?since=${listed.revision}`);
      expect(since).toMatchObject({ since: listed.revision, deleted: [] });
      expect(since.files.map((file) => file.path)).toEqual([include]);
      expect(mismatches(await listing(space.id), formatted(edited))).toEqual([]);
    }, 180_000);

    it('round trips .gitbook.yaml, an include, variables and an asset through the service', async () => {
      const tree = settingsTree();
      const expected = formatted(tree);
      const space = await spaceWith(tree);
      const listed = await listing(space.id);
      expect(mismatches(listed, expected)).toEqual([]);
      expect(listed.files.map((file) => file.path)).toEqual([
        '.gitbook.yaml',
        'docs/.gitbook/assets/logo.png',
        'docs/.gitbook/includes/help.md',
        'docs/.gitbook/vars.yaml',
        'docs/guides/start.md',
        'docs/intro.md',
        'docs/toc.md',
      ]);
      const read = await readFiles(space.id, { paths: listed.files.map((file) => file.path) });
      const byPath = new Map(read.files.map((file) => [file.path, file]));
      for (const file of expected) {
        const got = byPath.get(file.path);
        expect(got, file.path).toBeDefined();
        if (got === undefined) continue;
        expect(gitBlobId(bytesOf(got)), file.path).toBe(file.oid);
        if (file.text !== undefined) expect(got.text, file.path).toBe(file.text);
      }
      expect(byPath.get('docs/.gitbook/assets/logo.png')?.base64).toBe(
        Buffer.from([137, 80, 78, 71, 0, 1, 2, 3]).toString('base64'),
      );
      // The settings come back as written: root, structure and redirects.
      expect(byPath.get('.gitbook.yaml')?.text).toContain('readme: intro.md');
      expect(byPath.get('.gitbook.yaml')?.text).toContain('old/start: guides/start.md');

      // The reusable content is in the revision, readable by id, with its document.
      const current = (await server.http.get(`/v1/spaces/${space.id}/content`)).body as Revision;
      expect(current.reusableContents).toEqual([
        {
          id: expect.any(String) as string,
          title: 'Help',
          git: {
            oid: tree.find((file) => file.path.endsWith('help.md'))?.oid,
            path: 'docs/.gitbook/includes/help.md',
          },
        },
      ]);
      const reusableId = current.reusableContents[0]?.id ?? '';
      const byRevision = await server.http.get(`/v1/spaces/${space.id}/revisions/${current.id}`);
      expect(byRevision.status).toBe(200);
      expect(Value.Check(Revision, byRevision.body)).toBe(true);
      expect(byRevision.body).toEqual(current);
      const one = await server.http.get(
        `/v1/spaces/${space.id}/revisions/${current.id}/reusable-contents/${reusableId}`,
      );
      expect(one.status).toBe(200);
      expect(Value.Check(RevisionReusableContent, one.body)).toBe(true);
      expect(one.body).toMatchObject({ ...current.reusableContents[0] });
      expect(typeof (one.body as RevisionReusableContent).document).toBe('string');
      const withoutGit = await server.http.get(
        `/v1/spaces/${space.id}/content/reusable-contents/${reusableId}?metadata=false`,
      );
      expect(withoutGit.body).toEqual({
        id: reusableId,
        title: 'Help',
        document: (one.body as RevisionReusableContent).document,
      });
      const document = await server.http.get(
        `/v1/spaces/${space.id}/revisions/${current.id}/reusable-contents/${reusableId}/document`,
      );
      expect(document.status).toBe(200);
      expect(JSON.stringify(document.body)).toContain('Ask us anything.');
      for (const missing of [
        `/v1/spaces/${space.id}/revisions/${current.id}/reusable-contents/nope`,
        `/v1/spaces/${space.id}/revisions/${current.id}/reusable-contents/nope/document`,
        `/v1/spaces/${space.id}/content/reusable-contents/nope`,
      ]) {
        const notFound = await server.http.get(missing);
        expect(notFound.status, missing).toBe(404);
        expect((notFound.body as ErrorBody).error.message).toBe('Reusable content not found');
      }

      // An edited include changes that file only; the page including it is the same bytes.
      await importInto(space.id, settingsTree('Ask us anything, any time.'));
      const since = await listing(space.id, `?since=${listed.revision}`);
      expect(since.files.map((file) => file.path)).toEqual(['docs/.gitbook/includes/help.md']);
      expect(since.deleted).toEqual([]);
      expect(
        mismatches(await listing(space.id), formatted(settingsTree('Ask us anything, any time.'))),
      ).toEqual([]);
      // The earlier revision still reads as it was.
      const earlier = await server.http.get(
        `/v1/spaces/${space.id}/revisions/${current.id}/reusable-contents/${reusableId}/document`,
      );
      expect(JSON.stringify(earlier.body)).not.toContain('any time');
    });

    it('writes a landing page edited in the service where .gitbook.yaml puts it', async () => {
      const space = await spaceWith(settingsTree());
      const opened = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Landing' },
      });
      const cr = opened.body as ChangeRequest;
      const content = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
      const pages = (await server.http.get(`${content}/pages`)).body as Revision;
      const landing = pages.pages.find((page) => page.path === '');
      expect(landing?.title).toBe('Intro');
      const edited = await server.http.request('POST', content, {
        body: {
          changes: [
            {
              type: 'update_page',
              page: landing?.id,
              document: { markdown: '# Intro\n\nHello.\n' },
            },
          ],
        },
      });
      expect(edited.status).toBe(200);
      const listed = await listing(space.id, `?changeRequest=${cr.id}`);
      expect(listed.files.find((file) => file.page === landing?.id)).toMatchObject({
        path: 'docs/intro.md',
        oid: textBlob('x', '# Intro\n\nHello.\n').oid,
      });
      expect(listed.files.some((file) => file.path === 'docs/README.md')).toBe(false);
      const markdown = await server.http.get(`${content}/page/${landing?.id}?format=markdown`);
      expect(markdown.body).toMatchObject({ markdown: '# Intro\n\nHello.\n' });
    });

    it('merging a change request keeps the redirects main and the change request each added; the same redirect changed both ways is a conflict', async () => {
      const withRedirects = (lines: string[]) =>
        settingsTree().map((blob) =>
          blob.path === '.gitbook.yaml'
            ? textBlob(
                '.gitbook.yaml',
                `root: ./docs/\n\nstructure:\n  readme: intro.md\n  summary: toc.md\n\nredirects:\n${lines.join('\n')}\n`,
              )
            : blob,
        );
      const original = ['  old/start: guides/start.md', '  legacy: intro.md'];
      const space = await spaceWith(withRedirects(original));
      const open = async () =>
        (
          await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
            body: { subject: 'Redirects' },
          })
        ).body as ChangeRequest;
      const merge = (cr: ChangeRequest) =>
        server.http.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
      const yamlOf = async () => {
        const read = await readFiles(space.id, { paths: ['.gitbook.yaml'] });
        return read.files[0]?.text;
      };

      // The change request adds one redirect and retargets another; main adds one meanwhile,
      // at the same place of the file.
      const cr = await open();
      await importInto(
        space.id,
        withRedirects(['  old/start: intro.md', '  legacy: intro.md', '  from-cr: intro.md']),
        cr.id,
      );
      await importInto(space.id, withRedirects([...original, '  from-main: guides/start.md']));
      const merged = await merge(cr);
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
      expect(merged.body).toMatchObject({ result: 'merge' });
      expect(await yamlOf()).toBe(
        'root: ./docs/\n\nstructure:\n  readme: intro.md\n  summary: toc.md\n\nredirects:\n' +
          '  old/start: intro.md\n  legacy: intro.md\n  from-main: guides/start.md\n  from-cr: intro.md\n',
      );

      // Both retarget `legacy`, each elsewhere: not merged, main keeps its own.
      const second = await open();
      const now = ['  old/start: intro.md', '  from-main: guides/start.md', '  from-cr: intro.md'];
      await importInto(space.id, withRedirects(['  legacy: guides/start.md', ...now]), second.id);
      await importInto(space.id, withRedirects(['  legacy: toc.md', ...now]));
      const refused = await merge(second);
      expect(refused.body).toMatchObject({ result: 'conflicts' });
      expect(await yamlOf()).toContain('  legacy: toc.md\n');
    });

    it('lists any revision of the space, and what changed since another', async () => {
      const book = (pages: Record<string, string>) => [
        textBlob('README.md', '# Home\n'),
        textBlob(
          'SUMMARY.md',
          `# Table of contents\n\n* [Home](README.md)\n${Object.keys(pages)
            .map((path) => `* [${path}](${path})`)
            .join('\n')}\n`,
        ),
        ...Object.entries(pages).map(([path, text]) => textBlob(path, text)),
      ];
      const space = await spaceWith(book({ 'a.md': '# a.md\n\nA.\n', 'b.md': '# b.md\n\nB.\n' }));
      const first = await listing(space.id);
      await importInto(space.id, book({ 'a.md': '# a.md\n\nA2.\n', 'c.md': '# c.md\n\nC.\n' }));
      const second = await listing(space.id);
      expect(second.revision).not.toBe(first.revision);

      // An earlier revision lists as it did.
      expect(await listing(space.id, `?revision=${first.revision}`)).toEqual(first);
      const since = await listing(space.id, `?since=${first.revision}`);
      expect(since.revision).toBe(second.revision);
      expect(since.since).toBe(first.revision);
      expect(since.files.map((file) => file.path)).toEqual(['SUMMARY.md', 'a.md', 'c.md']);
      expect(since.deleted).toEqual(['b.md']);
      // Backwards too, and from a revision to itself: nothing.
      const back = await listing(space.id, `?revision=${first.revision}&since=${second.revision}`);
      expect(back.files.map((file) => file.path)).toEqual(['SUMMARY.md', 'a.md', 'b.md']);
      expect(back.deleted).toEqual(['c.md']);
      expect(await listing(space.id, `?since=${second.revision}`)).toEqual({
        revision: second.revision,
        since: second.revision,
        files: [],
        deleted: [],
      });

      // A change request's revision by id, and its files; the space's first (empty) revision.
      const opened = await server.http.request('POST', `/v1/spaces/${space.id}/change-requests`, {
        body: { subject: 'Edit' },
      });
      const cr = opened.body as ChangeRequest;
      await importInto(space.id, book({ 'a.md': '# a.md\n\nA3.\n' }), cr.id);
      const head = (
        (await server.http.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`))
          .body as ChangeRequest
      ).revision;
      const byId = await listing(space.id, `?revision=${head}`);
      expect(byId).toEqual(await listing(space.id, `?changeRequest=${cr.id}`));
      const files = await readFiles(space.id, { paths: ['a.md', 'a.md', 'c.md'], revision: head });
      expect(files).toEqual({
        revision: head,
        files: [
          {
            path: 'a.md',
            oid: textBlob('a.md', '# a.md\n\nA3.\n').oid,
            size: 12,
            text: '# a.md\n\nA3.\n',
          },
        ],
        missing: ['c.md'],
      });
      expect(
        await readFiles(space.id, { paths: ['a.md'], changeRequest: String(cr.number) }),
      ).toEqual({
        ...files,
        missing: [],
      });
      const empty = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const reserved = (empty.body as Space).revision;
      await importInto((empty.body as Space).id, book({}));
      expect(await listing((empty.body as Space).id, `?revision=${reserved}`)).toEqual({
        revision: reserved,
        files: [],
      });
    });

    it('answers 404 revision-not-found for a revision that is not the space’s, 400 for bad requests', async () => {
      const space = await spaceWith([
        textBlob('README.md', '# Home\n'),
        textBlob('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n'),
      ]);
      const other = await spaceWith([
        textBlob('README.md', '# Other\n'),
        textBlob('SUMMARY.md', '# Table of contents\n\n* [Other](README.md)\n'),
      ]);
      const elsewhere = await revisionOf(other.id);
      for (const path of [
        `/v1/spaces/${space.id}/git/tree?revision=${elsewhere}`,
        `/v1/spaces/${space.id}/git/tree?revision=no-such-revision`,
        `/v1/spaces/${space.id}/git/tree?since=${elsewhere}`,
        `/v1/spaces/${space.id}/revisions/${elsewhere}`,
        `/v1/spaces/${space.id}/revisions/no-such-revision/reusable-contents/x`,
      ]) {
        const refused = await server.http.get(path);
        expect(refused.status, path).toBe(404);
        expect(Value.Check(ErrorBody, refused.body)).toBe(true);
        expect((refused.body as ErrorBody).error.message, path).toMatch(
          /^Revision not found: .*\(revision-not-found\)$/,
        );
      }
      const filesOf = await server.http.request('POST', `/v1/spaces/${space.id}/git/tree/files`, {
        body: { paths: ['README.md'], revision: elsewhere },
      });
      expect(filesOf.status).toBe(404);
      const revision = await revisionOf(space.id);
      for (const [path, body] of [
        [`/v1/spaces/${space.id}/git/tree?revision=${revision}&changeRequest=1`, undefined],
        [`/v1/spaces/${space.id}/git/tree?revision=`, undefined],
        [`/v1/spaces/${space.id}/git/tree/files`, { paths: [] }],
        [`/v1/spaces/${space.id}/git/tree/files`, { paths: [''] }],
        [
          `/v1/spaces/${space.id}/git/tree/files`,
          { paths: Array.from({ length: 1001 }, (_, n) => `${n}.md`) },
        ],
        [
          `/v1/spaces/${space.id}/git/tree/files`,
          { paths: ['README.md'], revision, changeRequest: '1' },
        ],
        [`/v1/spaces/${space.id}/git/tree/files`, {}],
      ] as const) {
        const refused =
          body === undefined
            ? await server.http.get(path)
            : await server.http.request('POST', path, { body });
        expect(refused.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(Value.Check(ErrorBody, refused.body)).toBe(true);
      }
      const unknownCr = await server.http.request('POST', `/v1/spaces/${space.id}/git/tree/files`, {
        body: { paths: ['README.md'], changeRequest: '99' },
      });
      expect(unknownCr.status).toBe(404);
    });

    it('leaves files for another request once an answer holds 32 MiB', async () => {
      // Blobs too big for one upload request go straight into the store, held by the space, as
      // earlier imports would leave them.
      const big = (n: number) => {
        const bytes = new Uint8Array(17 * 1024 * 1024).fill(n);
        return { path: `.gitbook/assets/big-${n}.bin`, oid: gitBlobId(bytes), bytes };
      };
      const assets = [big(1), big(2)];
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`);
      const space = created.body as Space;
      for (const asset of assets) await store?.put(asset.bytes);
      await recordSpaceBlobs(
        server.db,
        space.id,
        assets.map((asset) => asset.oid),
      );
      await importInto(space.id, [
        textBlob('README.md', '# Home\n'),
        textBlob('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n'),
        ...assets,
      ]);
      const read = await readFiles(space.id, {
        paths: ['README.md', ...assets.map((asset) => asset.path)],
      });
      expect(read.files.map((file) => file.path)).toEqual(['README.md', assets[0]?.path]);
      expect(read.deferred).toEqual([assets[1]?.path]);
      expect(gitBlobId(bytesOf(read.files[1] as GitTreeFiles['files'][number]))).toBe(
        assets[0]?.oid,
      );
    });
  });
}
