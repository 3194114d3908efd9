import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  commitOid,
  readTreeFromDisk,
  sendTree,
  startTestServer,
  type TestServer,
} from '@docsync/server/testing';
import { createSyncClient, fetchRemoteTree, type SyncClient, type SyncTree } from '@docsync/sync';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { importTree, type ImportSource, type TreeFile } from '@docsync/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocsync } from '../../apps/cli/src/testing/run-docsync.ts';
import { corpusSpaces } from '../../packages/core/src/testing/corpora.ts';

const fixtures = fileURLToPath(new URL('../../packages/core/fixtures/', import.meta.url));
const importFixture = (tool: string) => join(fixtures, 'import', tool);

/** What `docsync import --json` prints. */
interface ImportReport {
  dryRun: boolean;
  inventory: {
    source: string;
    status: string;
    diagnostics: { ruleId: string; message: string }[];
  }[];
  counts: Record<'imported' | 'imported-with-diagnostics' | 'skipped' | 'failed', number>;
  spaces: { key: string; spaceId: string; files: number; uploaded: number }[];
}

let server: TestServer;
let client: SyncClient;
const cleanup: TempDir[] = [];

beforeAll(async () => {
  server = await startTestServer();
  client = createSyncClient({ baseUrl: server.baseUrl, token: server.token });
});
afterAll(async () => {
  for (const item of cleanup) await item.remove();
  await server.close();
});

const env = () => ({ DOCSYNC_TOKEN: server.token });

/** Writes `text` at `path` under `root`, making its folders. */
async function writeIn(root: string, path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

async function importDir(dir: string, args: string[]) {
  const run = await runDocsync(
    ['import', dir, '--url', server.baseUrl, '--json', ...args],
    dir,
    '',
    env(),
  );
  return {
    ...run,
    report: run.stdout === '' ? undefined : (JSON.parse(run.stdout) as ImportReport),
  };
}

async function newSpace(title: string): Promise<string> {
  const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
    body: { title },
  });
  expect(made.status).toBe(201);
  return (made.body as { id: string }).id;
}

/** A page tree as indented titles: the hierarchy and order a person sees. */
interface OutlinePage {
  title: string;
  pages?: readonly OutlinePage[];
}
function outline(pages: readonly OutlinePage[], depth = 0): string {
  return pages
    .map((page) => `${'  '.repeat(depth)}${page.title}\n${outline(page.pages ?? [], depth + 1)}`)
    .join('');
}

/** A directory as the importers take it: text files with their text. */
function treeFiles(dir: string): TreeFile[] {
  return readTreeFromDisk(dir).map((file) => ({
    path: file.path,
    oid: file.oid,
    size: file.bytes.byteLength,
    ...(/\.(mdx?|markdown|ya?ml|json|[cm]?[jt]s)$/.test(file.path)
      ? { text: new TextDecoder().decode(file.bytes) }
      : {}),
  }));
}

/** Relative link and image targets (as written) of the tree's pages that name no file of it. */
function unresolvedTargets(tree: SyncTree): string[] {
  const broken: string[] = [];
  for (const file of tree.values()) {
    if (file.text === undefined || !file.path.endsWith('.md') || file.path === 'SUMMARY.md')
      continue;
    const dir = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : '';
    for (const match of file.text.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
      const target = decodeURIComponent((match[1] ?? '').split('#')[0] ?? '');
      if (target === '' || /^[a-z][a-z+.-]*:/i.test(target)) continue;
      const parts = [...(dir === '' ? [] : dir.split('/'))];
      for (const segment of target.split('/')) {
        if (segment === '..') parts.pop();
        else if (segment !== '.') parts.push(segment);
      }
      if (!tree.has(parts.join('/'))) broken.push(match[1] ?? '');
    }
  }
  return broken;
}

describe.each(['docusaurus', 'mkdocs', 'markdown'])('docsync import --from %s', (tool) => {
  it('creates a space whose pages, links and images all arrive, with an inventory line per file', async () => {
    const dir = importFixture(tool);
    const run = await importDir(dir, [
      '--from',
      tool,
      '--org',
      server.organizationId,
      '--new-space',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.report as ImportReport;
    expect(report.spaces).toHaveLength(1);
    expect(report.counts.failed).toBe(0);
    // Every source file has exactly one inventory line.
    const sources = readTreeFromDisk(dir).map((file) => file.path);
    expect(report.inventory.map((entry) => entry.source).sort()).toEqual([...sources].sort());

    const spaceId = report.spaces[0]?.spaceId ?? '';
    const remote = await fetchRemoteTree(client, spaceId);
    const revision = await client.api.request('getCurrentRevision', { params: { spaceId } });
    // The space holds the hierarchy the library reads from the same tree, page for page.
    const expected = importTree({ from: tool as ImportSource, files: treeFiles(dir) });
    expect(outline(revision.pages as OutlinePage[])).toEqual(
      outline(expected.revisions[0]?.content.pages ?? []),
    );
    expect(outline(revision.pages as OutlinePage[])).toMatch(/\n {4}\S/);
    // A link that resolves nowhere arrives as written, and only when the inventory reported it.
    const reported = report.inventory.flatMap((entry) =>
      entry.diagnostics
        .filter((d) => d.ruleId === 'broken-link')
        .map((d) => /`([^`]+)`/.exec(d.message)?.[1] ?? d.message),
    );
    expect(unresolvedTargets(remote.tree).sort()).toEqual(reported.sort());
    // Every image the pages use is a file the service serves.
    const assets = [...remote.tree.values()].filter((f) => f.path.startsWith('.gitbook/assets/'));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset.bytes?.byteLength).toBeGreaterThan(0);
  });
});

describe('docsync import into an existing space', () => {
  it('is the same as a push of the tree, for each corpus imported --from gitbook', async () => {
    for (const corpus of corpusSpaces) {
      const dir = join(fixtures, 'corpora', corpus);
      const imported = await newSpace(`import ${corpus}`.slice(0, 40));
      const run = await importDir(dir, ['--from', 'gitbook', '--space', imported]);
      expect(run.code, run.stderr).toBe(0);

      // What a push sends: the tree as it is on disk, with the commit it came from.
      const pushed = await newSpace(`push ${corpus}`.slice(0, 40));
      const sent = await sendTree(server.http, pushed, readTreeFromDisk(dir), {
        oid: commitOid(1),
        message: 'push',
      });
      expect(sent.status).toBe(204);

      const a = await fetchRemoteTree(client, imported);
      const b = await fetchRemoteTree(client, pushed);
      const listing = (tree: SyncTree) =>
        [...tree.values()].map((file) => `${file.path} ${file.text ?? file.oid}`).sort();
      expect(listing(a.tree)).toEqual(listing(b.tree));
    }
  }, 120_000);

  it('imports the same tree twice as one revision, and a dry run sends nothing', async () => {
    const dir = importFixture('markdown');
    const space = await newSpace('twice');
    const first = await importDir(dir, ['--from', 'markdown', '--space', space]);
    expect(first.code).toBe(0);
    const revision = (await fetchRemoteTree(client, space)).revision;
    const second = await importDir(dir, ['--from', 'markdown', '--space', space]);
    expect(second.code).toBe(0);
    expect(second.report?.spaces[0]?.uploaded).toBe(0);
    expect((await fetchRemoteTree(client, space)).revision).toBe(revision);

    const empty = await newSpace('dry run');
    const dry = await importDir(dir, ['--from', 'markdown', '--space', empty, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.report?.dryRun).toBe(true);
    expect(dry.report?.spaces).toEqual([]);
    expect((await fetchRemoteTree(client, empty)).tree.size).toBe(0);
  });

  it('sends nothing when more files fail than --max-errors allows, and says which', async () => {
    const dir = await makeTempDir('import-bad');
    cleanup.push(dir);
    await cp(importFixture('docusaurus'), dir.path, { recursive: true });
    await writeFile(join(dir.path, 'docs/guides/deploy/_category_.json'), '{"label": ');
    const space = await newSpace('max errors');

    const refused = await importDir(dir.path, ['--from', 'docusaurus', '--space', space]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/1 files failed to import \(--max-errors 0\); nothing was sent/);
    expect(refused.report?.inventory).toContainEqual(
      expect.objectContaining({ source: 'docs/guides/deploy/_category_.json', status: 'failed' }),
    );
    expect((await fetchRemoteTree(client, space)).tree.size).toBe(0);

    const allowed = await importDir(dir.path, [
      '--from',
      'docusaurus',
      '--space',
      space,
      '--max-errors',
      '1',
    ]);
    expect(allowed.code).toBe(0);
    expect((await fetchRemoteTree(client, space)).tree.size).toBeGreaterThan(0);
  });

  it('imports a docs.yaml monorepo as one new space per mapped space, and refuses it for --space', async () => {
    const dir = await makeTempDir('import-monorepo');
    cleanup.push(dir);
    const write = (path: string, text: string) => writeIn(dir.path, path, text);
    await write(
      'docs.yaml',
      [
        'site:',
        '  structure:',
        '    - {type: space, key: guides, title: Guides, content: {directory: ./guides}}',
        '    - {type: space, key: api, title: API, content: {directory: ./api}}',
        '',
      ].join('\n'),
    );
    await write('guides/README.md', '# Guides\n\nHello.\n');
    await write('guides/SUMMARY.md', '# Table of contents\n\n* [Guides](README.md)\n');
    await write('api/README.md', '# API\n\nReference.\n');

    const one = await newSpace('one space');
    const refused = await importDir(dir.path, ['--from', 'gitbook', '--space', one]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/holds 2 spaces \(docs\.yaml\)/);

    const run = await importDir(dir.path, [
      '--from',
      'gitbook',
      '--org',
      server.organizationId,
      '--new-space',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.report?.spaces.map((space) => space.key)).toEqual(['guides', 'api']);
    const titles = await Promise.all(
      (run.report?.spaces ?? []).map(async (space) => {
        const revision = await client.api.request('getCurrentRevision', {
          params: { spaceId: space.spaceId },
        });
        return outline(revision.pages);
      }),
    );
    expect(titles).toEqual(['Guides\n', 'API\n']);
  });

  it("follows a site's docs.path outside the folder given, and refuses a folder with no page", async () => {
    const dir = await makeTempDir('import-website');
    cleanup.push(dir);
    const write = (path: string, text: string) => writeIn(dir.path, path, text);
    await write(
      'website/docusaurus.config.js',
      "module.exports = { title: 'Site', url: 'https://site.example', baseUrl: '/', presets: [['classic', { docs: { path: '../docs', sidebarPath: './sidebars.js' } }]] };\n",
    );
    await write('website/sidebars.js', "module.exports = { docs: ['intro', 'guide'] };\n");
    await write('docs/intro.md', '# Intro\n\nSee [the guide](guide.md) and [the blog](/blog).\n');
    await write('docs/guide.md', '# Guide\n\nSteps.\n');
    await write('unrelated/notes.md', '# Not part of the site\n');

    const run = await importDir(join(dir.path, 'website'), [
      '--from',
      'docusaurus',
      '--org',
      server.organizationId,
      '--new-space',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/reads docs from `\.\.\/docs`: imported them from `\.\.`/);
    // What Docusaurus reads (the site folder and ../docs), with paths from the folder holding both.
    expect(run.report?.inventory.map((entry) => [entry.source, entry.status])).toEqual([
      ['docs/guide.md', 'imported'],
      ['docs/intro.md', 'imported'],
      ['website/docusaurus.config.js', 'imported'],
      ['website/sidebars.js', 'imported'],
    ]);
    expect(
      run.report?.inventory
        .find((entry) => entry.source === 'docs/intro.md')
        ?.diagnostics.map((d) => d.message),
    ).toEqual([
      '`/blog` is served by the source site, not held by the tree: linked to https://site.example/blog',
    ]);
    const spaceId = run.report?.spaces[0]?.spaceId ?? '';
    const revision = await client.api.request('getCurrentRevision', { params: { spaceId } });
    expect(outline(revision.pages)).toEqual('Intro\nGuide\n');

    const empty = await makeTempDir('import-nothing');
    cleanup.push(empty);
    await writeFile(join(empty.path, 'mkdocs.yml'), 'site_name: Nothing\n');
    const none = await importDir(empty.path, [
      '--from',
      'mkdocs',
      '--org',
      server.organizationId,
      '--new-space',
    ]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/holds no page to import from mkdocs .*; nothing was sent/);
    expect(none.report?.spaces).toEqual([]);
  });

  it('answers usage errors with exit 2 and a message', async () => {
    const dir = importFixture('markdown');
    const noTarget = await runDocsync(['import', dir, '--from', 'markdown'], dir, '', env());
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toMatch(/pass --space <id> to import into a space/);
    const badTool = await runDocsync(
      ['import', dir, '--from', 'sphinx', '--dry-run'],
      dir,
      '',
      env(),
    );
    expect(badTool.code).toBe(2);
    expect(badTool.stderr).toMatch(/expected one of gitbook, docusaurus, mkdocs, markdown/);
  });
});
