import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readCommit } from '@docsync/git';
import { startTestServer, type TestServer } from '@docsync/server/testing';
import { createSyncClient, push, type SyncContext } from '@docsync/sync';
import { createGitRepo, makeTempDir, type GitRepo, type TempDir } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  spawnDaemon,
  waitFor,
  writeDaemonConfig,
  type DaemonProcess,
} from './testing/daemon-process.js';

// The suite runs against PostgreSQL when DATABASE_URL is set, else against SQLite.
const dialect = process.env['DATABASE_URL'] === undefined ? 'sqlite' : 'postgres';
const DOCS = 'docs';

let server: TestServer;
let work: TempDir;
const repos: GitRepo[] = [];
const daemons: DaemonProcess[] = [];

beforeAll(async () => {
  server = await startTestServer({ dialect });
  work = await makeTempDir('daemon-test');
});
afterAll(async () => {
  await Promise.all(daemons.map((daemon) => daemon.stop('SIGKILL')));
  for (const repo of repos) await repo.remove();
  await work.remove();
  await server.close();
});

interface ChangeRequestRead {
  id: string;
  number: number;
  subject: string;
  status: string;
}

async function newSpace(title: string): Promise<string> {
  const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
    body: { title },
  });
  expect(made.status).toBe(201);
  return (made.body as { id: string }).id;
}

/** A repository with a small docs tree, already synced into a new space's main content. */
async function syncedRepo(
  title: string,
  more: readonly string[] = [],
): Promise<{ repo: GitRepo; space: string }> {
  const repo = await createGitRepo({
    files: {
      [`${DOCS}/README.md`]: `# ${title}\n\nThe start.\n`,
      [`${DOCS}/guide.md`]: '# Guide\n\nHow to begin.\n',
      ...Object.fromEntries(more.map((name) => [`${DOCS}/${name}.md`, `# ${name}\n\nText.\n`])),
      [`${DOCS}/SUMMARY.md`]: [
        '# Table of contents\n',
        '* [Intro](README.md)',
        '* [Guide](guide.md)',
        ...more.map((name) => `* [${name}](${name}.md)`),
        '',
      ].join('\n'),
    },
  });
  repos.push(repo);
  const space = await newSpace(title);
  const context: SyncContext = {
    fs,
    dir: repo.dir,
    config: { url: server.baseUrl, space, branch: 'main', dir: DOCS },
    client: createSyncClient({ baseUrl: server.baseUrl, token: server.token }),
  };
  expect((await push(context, { merge: true })).outcome).toBe('pushed');
  return { repo, space };
}

async function editGuide(repo: GitRepo, line: string): Promise<string> {
  const path = join(repo.dir, DOCS, 'guide.md');
  await repo.writeFiles({ [`${DOCS}/guide.md`]: `${await readFile(path, 'utf8')}\n${line}\n` });
  return repo.commit(line);
}

async function writableChangeRequests(space: string): Promise<ChangeRequestRead[]> {
  const lists = await Promise.all(
    ['draft', 'open'].map((status) =>
      server.http.get(`/v1/spaces/${space}/change-requests?status=${status}`),
    ),
  );
  return lists.flatMap((list) => (list.body as { items: ChangeRequestRead[] }).items);
}

async function changeRequestCommit(space: string, id: string): Promise<string | undefined> {
  const read = await server.http.get(`/v1/spaces/${space}/change-requests/${id}/content`);
  return (read.body as { git?: { oid: string } }).git?.oid;
}

/** The only writable change request of `space`, once it holds `commit`. */
function changeRequestAt(space: string, commit: string): Promise<ChangeRequestRead> {
  return waitFor(
    async () => {
      const writable = await writableChangeRequests(space);
      const [only] = writable;
      if (writable.length !== 1 || only === undefined) return undefined;
      return (await changeRequestCommit(space, only.id)) === commit ? only : undefined;
    },
    { what: `one change request holding ${commit}` },
  );
}

/** The markdown of the change request's page `guide.md`. */
function changeRequestGuide(space: string, id: string): Promise<string> {
  return guideIn(`/v1/spaces/${space}/change-requests/${id}/content`);
}

/** The markdown of the page `guide.md` in the content at `base`. */
async function guideIn(base: string): Promise<string> {
  const pages = (await server.http.get(`${base}/pages`)).body as {
    pages: { id: string; git?: { path: string } }[];
  };
  const guide = pages.pages.find((page) => page.git?.path === 'guide.md');
  const page = await server.http.get(`${base}/page/${guide?.id ?? ''}?format=markdown`);
  return (page.body as { markdown: string }).markdown;
}

/** Pull moves the branch first and writes the working tree after: wait for the file. */
function waitForFile(path: string): Promise<true> {
  return waitFor(() => (fs.existsSync(path) ? true : undefined), {
    what: `\`${path}\` in the working tree (${fs.readdirSync(join(path, '..')).join(', ')})`,
  });
}

async function lastSyncedCommit(space: string): Promise<string | undefined> {
  const info = await server.http.get(`/v1/spaces/${space}/git/info`);
  return (info.body as { lastSync?: { git: { oid: string } } }).lastSync?.git.oid;
}

async function metric(daemon: DaemonProcess, pattern: RegExp): Promise<number> {
  const text = await (await fetch(`${await daemon.adminUrl()}/metrics`)).text();
  const line = text.split('\n').find((l) => pattern.test(l));
  return line === undefined ? 0 : Number(line.split(' ').pop());
}

/** Opens a change request in the service, adds a page to it and merges it; returns its number. */
async function mergeServiceChange(
  space: string,
  subject: string,
  title: string,
  change: Record<string, unknown> = {
    type: 'insert_page',
    title,
    document: { markdown: `# ${title}\n\nFrom the service.\n` },
  },
) {
  const opened = await server.http.request('POST', `/v1/spaces/${space}/change-requests`, {
    body: { subject },
  });
  expect(opened.status).toBe(201);
  const id = (opened.body as { id: string; number: number }).id;
  const applied = await server.http.request(
    'POST',
    `/v1/spaces/${space}/change-requests/${id}/content`,
    {
      body: {
        changes: [change],
      },
    },
  );
  expect(applied.status).toBe(200);
  await mergeChangeRequest(space, id);
  return (opened.body as { number: number }).number;
}

async function mergeChangeRequest(space: string, id: string): Promise<void> {
  const merged = await server.http.request(
    'POST',
    `/v1/spaces/${space}/change-requests/${id}/merge`,
  );
  expect(merged.status).toBe(200);
  expect((merged.body as { result: string }).result).toBe('merge');
}

/** Writes the token and a config for the test server into `dir` (loopback, any free port). */
async function configIn(dir: TempDir, settings: Record<string, unknown>): Promise<string> {
  await dir.write('token', server.token);
  return writeDaemonConfig(dir.path, {
    url: server.baseUrl,
    tokenFile: 'token',
    listen: '127.0.0.1:0',
    ...settings,
  });
}

/** When the crash test kills the daemon in each round, after the push starts (ms). */
const KILL_AFTER_MS = [0, 120, 40, 300, 200, 380];

describe('the daemon watching several repositories', { timeout: 30_000 }, () => {
  let daemon: DaemonProcess;
  let alpha: { repo: GitRepo; space: string };
  let beta: { repo: GitRepo; space: string };
  let tokenFile: string;
  let configPath: string;

  beforeAll(async () => {
    alpha = await syncedRepo('alpha');
    beta = await syncedRepo('beta');
    // A repository whose push fails: its newest commit deletes most pages (the guard stops it).
    const doomed = await syncedRepo('doomed', ['one', 'two', 'three']);
    await doomed.repo.removeFiles(['guide', 'one', 'two', 'three'].map((n) => `${DOCS}/${n}.md`));
    await doomed.repo.commit('Delete most pages');
    const stateDir = join(work.path, 'state');
    tokenFile = await work.write('token', 'not-the-token\n');
    configPath = await writeDaemonConfig(work.path, {
      url: server.baseUrl,
      tokenFile: 'token',
      stateDir,
      listen: '127.0.0.1:0',
      debounce: '1s',
      pollInterval: '1s',
      concurrency: 2,
      retry: { initial: '100ms', max: '500ms' },
      repositories: [
        { name: 'alpha', path: alpha.repo.dir, directory: DOCS, space: alpha.space },
        {
          name: 'beta',
          path: beta.repo.dir,
          directory: DOCS,
          space: beta.space,
          mode: 'direct',
        },
        { name: 'no-repo', path: join(work.path, 'missing'), space: alpha.space },
        { name: 'doomed', path: doomed.repo.dir, directory: DOCS, space: doomed.space },
        {
          name: 'no-space',
          path: (await syncedRepo('gamma')).repo.dir,
          directory: DOCS,
          space: 'no-such-space',
        },
      ],
    });
    daemon = spawnDaemon(configPath);
    daemons.push(daemon);
  }, 30_000);

  it('re-reads the token file on every cycle: a wrong token fails, the right one recovers', async () => {
    await daemon.waitForLog(
      (line) => line.event === 'sync-failed' && line['repository'] === 'alpha',
      { past: true },
    );
    const health = await fetch(`${await daemon.adminUrl()}/healthz`);
    expect(health.status).toBe(503);
    await writeFile(tokenFile, `${server.token}\n`);
    await daemon.waitForLog((line) => line.event === 'synced' && line['repository'] === 'alpha', {
      past: true,
    });
    await daemon.waitForLog((line) => line.event === 'synced' && line['repository'] === 'beta', {
      past: true,
    });
  });

  it('keeps /healthz at 503 while a broken repository never syncs, and the others work', async () => {
    const health = await fetch(`${await daemon.adminUrl()}/healthz`);
    expect(health.status).toBe(503);
    const body = (await health.json()) as { unsynced: string[] };
    expect(body.unsynced.sort()).toEqual(['doomed', 'no-repo', 'no-space']);
    const noRepo = await daemon.waitForLog(
      (line) =>
        line.event === 'sync-failed' &&
        line['repository'] === 'no-repo' &&
        (line['error'] as { code?: string }).code === 'not-a-repository',
      { past: true },
    );
    expect(noRepo.level).toBe('error');
    await daemon.waitForLog(
      (line) =>
        line.event === 'sync-failed' &&
        line['repository'] === 'no-space' &&
        (line['error'] as { code?: string }).code === 'not-found',
      { past: true },
    );
    const doomed = await daemon.waitForLog(
      (line) =>
        line.event === 'sync-failed' &&
        line['repository'] === 'doomed' &&
        (line['error'] as { code?: string }).code === 'mass-delete',
      { past: true },
    );
    expect(doomed['retryInMs']).toBeGreaterThan(0);
    expect(await metric(daemon, /^docsync_daemon_repository_up\{repository="alpha"\}/)).toBe(1);
    expect(await metric(daemon, /^docsync_daemon_repository_up\{repository="no-space"\}/)).toBe(0);
    expect(
      await metric(
        daemon,
        /^docsync_daemon_syncs_total\{repository="no-space",operation="cycle",outcome="error"\}/,
      ),
    ).toBeGreaterThan(0);
  });

  it('sends a commit to a change request within seconds', async () => {
    const head = await editGuide(alpha.repo, 'Proposed from git.');
    const changeRequest = await changeRequestAt(alpha.space, head);
    expect(changeRequest.subject).toBe('Proposed from git.');
  });

  it('coalesces ten quick commits into one push that updates the same change request', async () => {
    const [before] = await writableChangeRequests(alpha.space);
    const pushes = () =>
      metric(
        daemon,
        /^docsync_daemon_syncs_total\{repository="alpha",operation="push",outcome="pushed"\}/,
      );
    const pushedBefore = await pushes();
    let head = '';
    for (let i = 1; i <= 10; i++) head = await editGuide(alpha.repo, `Quick commit ${String(i)}.`);
    const changeRequest = await changeRequestAt(alpha.space, head);
    expect(changeRequest.id).toBe(before?.id);
    // The cycle is counted when it ends, just after the service has the commit.
    await daemon.waitForLog((line) => line.event === 'synced' && line['head'] === head, {
      past: true,
    });
    expect(await pushes()).toBe(pushedBefore + 1);
    expect(await changeRequestGuide(alpha.space, changeRequest.id)).toContain('Quick commit 10.');
  });

  it('pushes only what is committed: an uncommitted edit stays out of the change request', async () => {
    const [changeRequest] = await writableChangeRequests(alpha.space);
    const head = await alpha.repo.resolve('main');
    const guidePath = join(alpha.repo.dir, DOCS, 'guide.md');
    const committed = await readFile(guidePath, 'utf8');
    await writeFile(guidePath, `${committed}\nWork in progress.\n`);
    try {
      const synced = daemon.waitForLog(
        (line) => line.event === 'synced' && line['repository'] === 'alpha',
      );
      expect(
        (await fetch(`${await daemon.adminUrl()}/sync?repository=alpha`, { method: 'POST' }))
          .status,
      ).toBe(202);
      expect((await synced)['steps']).toEqual([
        { operation: 'push', outcome: 'in-sync' },
        { operation: 'pull', outcome: 'in-sync' },
      ]);
      expect(await changeRequestCommit(alpha.space, changeRequest?.id ?? '')).toBe(head);
      expect(await changeRequestGuide(alpha.space, changeRequest?.id ?? '')).not.toContain(
        'Work in progress.',
      );
    } finally {
      await writeFile(guidePath, committed);
    }
  });

  it('pushes a direct-mode commit into the main content, opening no change request', async () => {
    const head = await editGuide(beta.repo, 'Straight to the space.');
    await waitFor(async () => ((await lastSyncedCommit(beta.space)) === head ? true : undefined), {
      what: 'the space to record the commit',
    });
    expect(await writableChangeRequests(beta.space)).toEqual([]);
  });

  it('brings a change request merged in the service back as a DOCSYNC-n commit', async () => {
    const number = await mergeServiceChange(beta.space, 'Add a page in the service', 'Added');
    const commit = await waitFor(
      async () => {
        const head = await readCommit({ fs, dir: beta.repo.dir, ref: 'main' });
        return head.message.startsWith('DOCSYNC-') ? head : undefined;
      },
      { what: 'the pulled commit' },
    );
    expect(commit.message).toBe(`DOCSYNC-${String(number)}: Add a page in the service\n`);
    expect(commit.committer.name).toBe('docsync');
    await waitForFile(join(beta.repo.dir, DOCS, 'added.md'));
  });

  it('in change-request mode, brings the space’s changes in while the branch’s own change request is under review, sending nothing unreviewed', async () => {
    const [own] = await writableChangeRequests(alpha.space);
    expect(own).toBeDefined();
    const reviewed = await changeRequestGuide(alpha.space, own?.id ?? '');
    // A page merged in the service comes into the branch as a merge (the branch has changes under
    // review), and the main content gets nothing of the branch's.
    const number = await mergeServiceChange(alpha.space, 'A service page', 'Service page');
    await waitForFile(join(alpha.repo.dir, DOCS, 'service-page.md'));
    const pulled = await waitFor(
      async () => {
        const head = await readCommit({ fs, dir: alpha.repo.dir, ref: 'main' });
        return head.parents.length === 2 ? head : undefined;
      },
      { what: 'the merge commit' },
    );
    expect(pulled.message).toContain(`DOCSYNC-${String(number)}: A service page`);
    const mainGuide = await server.http.get(`/v1/spaces/${alpha.space}/git/tree`);
    const guideEntry = (mainGuide.body as { files: { path: string; page?: string }[] }).files.find(
      (file) => file.path === 'guide.md',
    );
    const mainMarkdown = await server.http.get(
      `/v1/spaces/${alpha.space}/content/page/${String(guideEntry?.page)}?format=markdown`,
    );
    expect((mainMarkdown.body as { markdown: string }).markdown).not.toContain('Quick commit 10.');
    expect(reviewed).toContain('Quick commit 10.');
    // Once the review is merged, the branch and the space come to rest.
    await mergeChangeRequest(alpha.space, own?.id ?? '');
    await waitFor(async () => {
      const synced = await daemon.waitForLog(
        (line) => line.event === 'synced' && line['repository'] === 'alpha',
      );
      return JSON.stringify(synced['steps']).includes('"pulled"') ||
        JSON.stringify(synced['steps']).includes('"in-sync"')
        ? true
        : undefined;
    });
  });

  it('holds a pull back while it would overwrite uncommitted edits, and runs it once they are gone', async () => {
    const guidePath = join(beta.repo.dir, DOCS, 'guide.md');
    const committed = await readFile(guidePath, 'utf8');
    await writeFile(guidePath, `${committed}\nNot committed yet.\n`);
    const pages = await server.http.get(`/v1/spaces/${beta.space}/content/pages`);
    const guide = (pages.body as { pages: { id: string; git?: { path: string } }[] }).pages.find(
      (page) => page.git?.path === 'guide.md',
    );
    const deferred = daemon.waitForLog(
      (line) =>
        line.event === 'synced' &&
        line['repository'] === 'beta' &&
        JSON.stringify(line['steps']).includes('"deferred"'),
    );
    const number = await mergeServiceChange(beta.space, 'Edit the guide', '', {
      type: 'update_page',
      page: guide?.id ?? '',
      document: { markdown: `${committed}\nEdited in the service.\n` },
    });
    expect(JSON.stringify((await deferred)['steps'])).toContain('uncommitted changes');
    expect(await readFile(guidePath, 'utf8')).toContain('Not committed yet.');
    // Discarding the edit is a working-tree event: the pull runs without waiting for a poll.
    await writeFile(guidePath, committed);
    const commit = await waitFor(
      async () => {
        const head = await readCommit({ fs, dir: beta.repo.dir, ref: 'main' });
        return head.message.startsWith(`DOCSYNC-${String(number)}:`) ? head : undefined;
      },
      { what: 'the pulled commit' },
    );
    // The earlier pull was recorded as a sync point, so this one is the service's commit alone.
    expect(commit.message).toBe(`DOCSYNC-${String(number)}: Edit the guide\n`);
    await waitFor(async () =>
      (await readFile(guidePath, 'utf8')).includes('Edited in the service.') ? true : undefined,
    );
  });

  it('syncs on demand: POST /sync and SIGHUP each start a forced cycle', async () => {
    const admin = await daemon.adminUrl();
    const forced = () =>
      daemon.waitForLog(
        (line) =>
          line.event === 'sync-start' && line['repository'] === 'beta' && line['forced'] === true,
      );
    let next = forced();
    const answer = await fetch(`${admin}/sync?repository=beta`, { method: 'POST' });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ queued: ['beta'] });
    await next;
    expect((await fetch(`${admin}/sync?repository=nope`, { method: 'POST' })).status).toBe(404);
    next = forced();
    daemon.child.kill('SIGHUP');
    await next;
  });

  it('finishes in-flight work on SIGTERM, writes its state and exits 0', async () => {
    const exit = await daemon.stop('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    const state = JSON.parse(await readFile(join(work.path, 'state', 'state.json'), 'utf8')) as {
      repositories: Record<string, { head?: string; lastError?: { code: string } }>;
    };
    expect(state.repositories['beta']?.head).toBe(await beta.repo.resolve('main'));
    expect(state.repositories['no-space']?.lastError?.code).toBe('not-found');
    expect(daemon.logs.at(-1)?.event).toBe('stopped');
  });
});

describe('start-up failures', { timeout: 30_000 }, () => {
  it('stops with exit code 2 and names the file, line and column', async () => {
    const dir = await makeTempDir('daemon-bad-config');
    try {
      const path = join(dir.path, 'daemon.yaml');
      await writeFile(
        path,
        [
          `url: ${server.baseUrl}`,
          'debounce: soon',
          'repositories:',
          '  - path: /tmp/x',
          '    space: s',
          '    mode: pull-request',
          '',
        ].join('\n'),
      );
      const daemon = spawnDaemon(path);
      const exit = await daemon.exited;
      expect(exit.code).toBe(2);
      expect(daemon.stderr()).toContain(`${path}:2:11: \`debounce\` must be a duration`);
      expect(daemon.stderr()).toContain(`${path}:6:11: \`repositories[0].mode\``);
    } finally {
      await dir.remove();
    }
  });

  it('exits 1 when the admin address is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const dir = await makeTempDir('daemon-port');
    try {
      const { port } = taken.address() as AddressInfo;
      const configPath = await writeDaemonConfig(dir.path, {
        url: server.baseUrl,
        listen: `127.0.0.1:${String(port)}`,
        repositories: [{ path: dir.path, space: 'any' }],
      });
      const daemon = spawnDaemon(configPath, { DOCSYNC_TOKEN: server.token });
      expect((await daemon.exited).code).toBe(1);
      expect(daemon.stderr()).toContain(`cannot listen on \`127.0.0.1:${String(port)}\``);
    } finally {
      await dir.remove();
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('kill -9 at a random point and a restart', { timeout: 30_000 }, () => {
  it(
    'always ends with exactly one change request holding the newest commit',
    { timeout: 60_000 },
    async () => {
      const { repo, space } = await syncedRepo('crash');
      const dir = await makeTempDir('daemon-crash');
      try {
        const configPath = await configIn(dir, {
          debounce: '100ms',
          pollInterval: '30s',
          repositories: [{ name: 'crash', path: repo.dir, directory: DOCS, space }],
        });
        const rounds = KILL_AFTER_MS.length;
        let daemon = spawnDaemon(configPath);
        daemons.push(daemon);
        for (let round = 1; round <= rounds; round++) {
          // The start-up cycle first, so that the commits below cause a push of their own.
          await daemon.waitForLog((line) => line.event === 'synced', { past: true });
          // A few commits, then a kill at a random moment of the push they cause (or before it).
          let head = '';
          for (let i = 0; i < 1 + (round % 3); i++)
            head = await editGuide(repo, `Round ${String(round)}, commit ${String(i)}.`);
          if (round % 2 === 0)
            await daemon.waitForLog(
              (line) => line.event === 'sync-start' && line['forced'] === false,
              { past: true },
            );
          // A different moment each round, the same in every run.
          await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS[round - 1]));
          await daemon.stop('SIGKILL');

          // The restarted daemon converges, then serves as the next round's.
          daemon = spawnDaemon(configPath);
          daemons.push(daemon);
          const changeRequest = await changeRequestAt(space, head);
          expect(changeRequest.status).toBe('draft');
          expect(await changeRequestGuide(space, changeRequest.id)).toContain(
            `Round ${String(round)}, commit`,
          );
          // The killed one may have finished the push: the restarted one's own cycle ends too.
          await daemon.waitForLog((line) => line.event === 'synced', { past: true });
        }
        expect((await daemon.stop('SIGTERM')).code).toBe(0);
        expect(await writableChangeRequests(space)).toHaveLength(1);
      } finally {
        await dir.remove();
      }
    },
  );

  it('lets a push in flight finish on SIGTERM before it exits', async () => {
    const { repo, space } = await syncedRepo('drain');
    const dir = await makeTempDir('daemon-drain');
    try {
      const configPath = await configIn(dir, {
        debounce: '50ms',
        repositories: [{ name: 'drain', path: repo.dir, directory: DOCS, space }],
      });
      const daemon = spawnDaemon(configPath);
      daemons.push(daemon);
      await daemon.waitForLog((line) => line.event === 'synced');
      const head = await editGuide(repo, 'Sent while stopping.');
      await daemon.waitForLog((line) => line.event === 'sync-start' && line['forced'] === false, {
        past: true,
      });
      expect(await daemon.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      const events = daemon.logs.map((line) => line.event);
      expect(events.slice(events.lastIndexOf('sync-start'))).toEqual([
        'sync-start',
        'stopping',
        'synced',
        'stopped',
      ]);
      // No restart: the change request already holds the commit.
      expect((await changeRequestAt(space, head)).subject).toBe('Sent while stopping.');
    } finally {
      await dir.remove();
    }
  });

  it('removes a stale git lock file at start, and leaves a fresh one alone', async () => {
    const { repo, space } = await syncedRepo('locks');
    const dir = await makeTempDir('daemon-locks');
    try {
      await dir.write('token', server.token);
      const stale = join(repo.dir, '.git', 'index.lock');
      const fresh = join(repo.dir, '.git', 'refs', 'heads', 'other.lock');
      await writeFile(stale, '');
      await writeFile(fresh, '');
      const old = new Date(Date.now() - 60_000);
      fs.utimesSync(stale, old, old);
      const configPath = await writeDaemonConfig(dir.path, {
        url: server.baseUrl,
        tokenFile: 'token',
        listen: '127.0.0.1:0',
        staleLockAge: '30s',
        repositories: [{ name: 'locks', path: repo.dir, directory: DOCS, space }],
      });
      const daemon = spawnDaemon(configPath);
      daemons.push(daemon);
      const removed = await daemon.waitForLog((line) => line.event === 'stale-lock-removed');
      expect(removed['path']).toBe(stale);
      await daemon.waitForLog((line) => line.event === 'synced', { past: true });
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(fresh)).toBe(true);
      expect((await daemon.stop()).code).toBe(0);
    } finally {
      await dir.remove();
    }
  });
});

describe('repositories sharing one client, one cache and one timer', { timeout: 60_000 }, () => {
  let dir: TempDir;
  let daemon: DaemonProcess;
  let one: { repo: GitRepo; space: string };
  let two: { repo: GitRepo; space: string };

  beforeAll(async () => {
    one = await syncedRepo('shared-one');
    two = await syncedRepo('shared-two');
    dir = await makeTempDir('daemon-shared');
    const configPath = await configIn(dir, {
      debounce: '100ms',
      pollInterval: '1s',
      concurrency: 2,
      cacheTtl: '4s',
      repositories: [
        { name: 'one', path: one.repo.dir, directory: DOCS, space: one.space, mode: 'direct' },
        { name: 'two', path: two.repo.dir, directory: DOCS, space: two.space, mode: 'direct' },
      ],
    });
    daemon = spawnDaemon(configPath);
    daemons.push(daemon);
    for (const name of ['one', 'two'])
      await daemon.waitForLog((line) => line.event === 'synced' && line['repository'] === name, {
        past: true,
      });
  }, 60_000);
  afterAll(async () => {
    await daemon.stop();
    await dir.remove();
  });

  const cacheBytes = (name: string) =>
    metric(daemon, new RegExp(`^docsync_daemon_cache_bytes\\{repository="${name}"\\}`));

  it('syncs edits made to both at the same moment, each with its own space, both ways', async () => {
    // At once: a commit in each repository, and a change merged in each space.
    const [headOne, headTwo] = await Promise.all([
      editGuide(one.repo, 'Edited in one.'),
      editGuide(two.repo, 'Edited in two.'),
      mergeServiceChange(one.space, 'Add a page', 'From the space of one'),
      mergeServiceChange(two.space, 'Add a page', 'From the space of two'),
    ]);
    for (const [fixture, head, mine, theirs] of [
      [one, headOne, 'one', 'two'],
      [two, headTwo, 'two', 'one'],
    ] as const) {
      // Merged both ways: the space holds the branch's newest commit, a merge of the two sides.
      const summary = join(fixture.repo.dir, DOCS, 'SUMMARY.md');
      const merged = await waitFor(
        async () => {
          const branch = await readCommit({ fs, dir: fixture.repo.dir, ref: 'main' });
          return branch.oid !== head &&
            (await lastSyncedCommit(fixture.space)) === branch.oid &&
            (await readFile(summary, 'utf8')).includes(`From the space of ${mine}`)
            ? branch
            : undefined;
        },
        { what: `${mine} and its space merged` },
      );
      expect(merged.parents).toContain(head);
      expect(await readFile(summary, 'utf8')).not.toContain(`From the space of ${theirs}`);
      const guide = await guideIn(`/v1/spaces/${fixture.space}/content`);
      expect(guide).toContain(`Edited in ${mine}.`);
      expect(guide).not.toContain(`Edited in ${theirs}.`);
    }
  });

  it('keeps what a busy repository read from git, and releases it once the repository is idle', async () => {
    // Packed, as a cloned repository is: the entry is sized by its packs.
    execFileSync('git', ['gc', '--quiet'], { cwd: one.repo.dir });
    const head = await editGuide(one.repo, 'Kept while busy.');
    await daemon.waitForLog((line) => line.event === 'synced' && line['head'] === head, {
      past: true,
    });
    // Within the 4 s TTL of that cycle: its object cache is kept.
    expect(await cacheBytes('one')).toBeGreaterThan(256 * 1024);
    // Idle since (polls that find nothing moved read no objects): released by a later poll.
    await waitFor(
      async () =>
        (await cacheBytes('one')) === 0 && (await cacheBytes('two')) === 0 ? true : undefined,
      { what: 'the cache entries to be released', timeoutMs: 15_000 },
    );
    // Still synced by what it reads anew.
    const again = await editGuide(one.repo, 'After the release.');
    await waitFor(async () => ((await lastSyncedCommit(one.space)) === again ? true : undefined), {
      what: 'the commit after the release in the space',
    });
  });
});
