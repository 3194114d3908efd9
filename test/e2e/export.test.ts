import * as fs from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTreeFromDisk, startTestServer, type TestServer } from '@docsync/server/testing';
import { createSyncClient, push, writeSyncConfig, type SyncConfig } from '@docsync/sync';
import { createGitRepo, makeTempDir, type GitRepo, type TempDir } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocsync } from '../../apps/cli/src/testing/run-docsync.ts';
import { corpusSpaces, expectedPageDifferences } from '../../packages/core/src/testing/corpora.ts';
import { serviceGaps } from '../support/service-gaps.ts';

const corpora = fileURLToPath(new URL('../../packages/core/fixtures/corpora', import.meta.url));
const DOCS = 'docs';

/** What `docsync export --json` prints. */
interface ExportReport {
  revision: string;
  files: number;
}

let server: TestServer;
const cleanup: (GitRepo | TempDir)[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const item of cleanup) await item.remove();
  await server.close();
});

async function tempDir(): Promise<TempDir> {
  const dir = await makeTempDir('export');
  cleanup.push(dir);
  return dir;
}

/** A new space holding `corpus` (or these files), pushed from a real repository. */
async function pushedSpace(
  corpus: string,
  docs: Record<string, string | Uint8Array> = Object.fromEntries(
    readTreeFromDisk(join(corpora, corpus)).map((file) => [file.path, file.bytes]),
  ),
): Promise<{ spaceId: string; repo: GitRepo }> {
  const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
    body: { title: corpus.slice(0, 40) },
  });
  expect(made.status).toBe(201);
  const spaceId = (made.body as { id: string }).id;
  const files = Object.fromEntries(
    Object.entries(docs).map(([path, content]) => [`${DOCS}/${path}`, content]),
  );
  const repo = await createGitRepo({ files });
  cleanup.push(repo);
  const config: SyncConfig = { url: server.baseUrl, space: spaceId, branch: 'main', dir: DOCS };
  const client = createSyncClient({ baseUrl: server.baseUrl, token: server.token });
  expect((await push({ fs, dir: repo.dir, config, client }, { merge: true })).outcome).toBe(
    'pushed',
  );
  return { spaceId, repo };
}

const env = () => ({ DOCSYNC_TOKEN: server.token });

describe.each(corpusSpaces)('docsync export of the corpus %s', (corpus) => {
  it('writes the pushed files back, byte for byte, into an empty directory', async () => {
    const { spaceId } = await pushedSpace(corpus);
    const out = await tempDir();
    const run = await runDocsync(
      ['export', '--space', spaceId, '--out', out.path, '--url', server.baseUrl, '--json'],
      out.path,
      '',
      env(),
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as ExportReport;

    const original = new Map(readTreeFromDisk(join(corpora, corpus)).map((f) => [f.path, f.oid]));
    const exported = new Map(readTreeFromDisk(out.path).map((f) => [f.path, f.oid]));
    expect(report.files).toBe(exported.size);
    const differing = [...original]
      .filter(([path, oid]) => exported.get(path) !== oid)
      .map(([path]) => path)
      .filter((path) => expectedPageDifferences[`${corpus}/${path}`] === undefined)
      .filter((path) => serviceGaps[`${corpus}/${path}`] === undefined);
    expect(differing).toEqual([]);
    expect([...exported.keys()].filter((path) => !original.has(path))).toEqual([]);
  });
});

describe('docsync export', () => {
  it('writes reusable content and .gitbook.yaml exactly as pushed', async () => {
    const docs = {
      'README.md': '# Welcome\n\n{% include ".gitbook/includes/note.md" %}\n',
      'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n',
      '.gitbook/includes/note.md': '---\ntitle: Note\n---\n\nShared text.\n',
      '.gitbook.yaml': 'root: ./\n\nredirects:\n  old/page: README.md\n',
    };
    const { spaceId } = await pushedSpace('includes', docs);
    const out = await tempDir();
    const run = await runDocsync(
      ['export', '--space', spaceId, '--out', out.path, '--url', server.baseUrl],
      out.path,
      '',
      env(),
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(
      Object.fromEntries(
        readTreeFromDisk(out.path).map((file) => [file.path, Buffer.from(file.bytes).toString()]),
      ),
    ).toEqual(docs);
  });

  it('refuses a non-empty directory and writes nothing, then writes into it with --force', async () => {
    const { spaceId } = await pushedSpace('git-sync-normalization');
    const out = await tempDir();
    await out.write('keep.txt', 'mine\n');
    const args = ['export', '--space', spaceId, '--out', out.path, '--url', server.baseUrl];

    const refused = await runDocsync(args, out.path, '', env());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--force');
    expect(readTreeFromDisk(out.path).map((f) => f.path)).toEqual(['keep.txt']);

    const forced = await runDocsync([...args, '--force'], out.path, '', env());
    expect(forced.code).toBe(0);
    const paths = readTreeFromDisk(out.path).map((f) => f.path);
    expect(paths).toContain('keep.txt');
    expect(paths).toContain('SUMMARY.md');
  });

  it('takes the service URL from docsync.json when --url is not given', async () => {
    const { spaceId, repo } = await pushedSpace('git-sync-normalization');
    await writeSyncConfig({
      fs: fs.promises,
      dir: repo.dir,
      config: { url: server.baseUrl, space: spaceId, branch: 'main', dir: DOCS },
    });
    const run = await runDocsync(
      ['export', '--space', spaceId, '--out', 'exported'],
      repo.dir,
      '',
      env(),
    );
    expect(run.code).toBe(0);
    expect(fs.existsSync(join(repo.dir, 'exported', 'README.md'))).toBe(true);
  });

  it('is a usage error without --url outside a configured repository', async () => {
    const work = await tempDir();
    const run = await runDocsync(['export', '--space', 'x', '--out', 'out'], work.path, '', env());
    expect(run.code).toBe(2);
    expect(fs.existsSync(work.join('out'))).toBe(false);
  });

  it('fails without a token and writes nothing', async () => {
    const work = await tempDir();
    const run = await runDocsync(
      ['export', '--space', 'x', '--out', 'out', '--url', server.baseUrl],
      work.path,
      '',
      {},
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DOCSYNC_TOKEN');
    expect(fs.existsSync(work.join('out'))).toBe(false);
  });
});
