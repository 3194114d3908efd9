/**
 * Issue 18 ("Sync you can trust"), item by item, as a user meets it: a real server on loopback,
 * real repositories worked with the `git` binary, the real `docsync` command, and edits in the
 * service made through its HTTP API as a person makes them (a change request, the page's
 * markdown edited in it with the content batch, merged). Only what a user can observe is checked:
 * files and commits of the repository, the service's content through the API, exit codes and
 * messages.
 *
 * Each was written first, as an `it.fails` that failed for the reason the issue gives, and
 * turned into a plain `it` with the fix.
 */
import { startTestServer, type TestServer } from '@docsync/server/testing';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  spawnDaemon,
  waitFor,
  writeDaemonConfig,
  type DaemonProcess,
} from '../../apps/daemon/src/testing/daemon-process.ts';
import {
  CONFIG_PARAGRAPH,
  DEPLOY_FIRST,
  DEPLOY_SECOND,
  DEPLOYMENT,
  GITBOOK_YAML,
  INSTALL_PARAGRAPH,
  LANDING_PARAGRAPH,
  NOTE_INCLUDE,
  PROJECT_FILES,
  SETTINGS_PNG,
  UNLISTED,
  UNLISTED_PATH,
  gitSyncDocs,
  type Layout,
} from '../support/git-sync-fixture.ts';
import { ServiceSpace, UserRepo } from '../support/sync-scenario-kit.ts';

let server: TestServer;
const repos: UserRepo[] = [];
const temps: TempDir[] = [];
const daemons: DaemonProcess[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(daemons.map((daemon) => daemon.stop('SIGKILL')));
  for (const repo of repos) await repo.remove();
  for (const temp of temps) await temp.remove();
  await server.close();
});

/** A user's repository: `git init` and, with `files`, a first commit of them. */
async function userRepo(files?: Record<string, string | Uint8Array>): Promise<UserRepo> {
  const repo = await UserRepo.create(server.token, files);
  repos.push(repo);
  return repo;
}

/** `docsync init` for `space` on `main`, docs in `dir` (the root when empty); not committed. */
async function init(repo: UserRepo, space: ServiceSpace, dir = ''): Promise<void> {
  const run = await repo.docsync(
    'init',
    '--url',
    server.baseUrl,
    '--space',
    space.id,
    ...(dir === '' ? [] : ['--dir', dir]),
  );
  expect(run.code, run.stderr).toBe(0);
}

/** A repository synced with a space, and where its docs are. */
interface Synced {
  repo: UserRepo;
  space: ServiceSpace;
  /** The repository path of a docs file (`guides/a.md` → `docs/guides/a.md` in `docs/`). */
  doc: (path: string) => string;
}

/**
 * A Git Sync repository already synced with a new space, set up as a user does: the docs tree
 * (the realistic one unless `files` are given, paths relative to the docs directory) in `docs/`
 * (default) or at the root, the project's LICENSE and CI workflow at the root; `docsync init`,
 * docsync.json committed, then `docsync push --merge` (`via: 'merge'`, default), or
 * `docsync push` and the change request it opens merged in the service
 * (`via: 'change-request'`).
 *
 * Most scenarios keep the docs in `docs/`; items 2 and 3 keep them at the root, beside
 * docsync.json, LICENSE and .github/.
 */
async function syncedRepo(
  options: {
    files?: Record<string, string | Uint8Array>;
    layout?: Layout;
    via?: 'merge' | 'change-request';
  } = {},
): Promise<Synced> {
  const dir = (options.layout ?? 'docs') === 'root' ? '' : 'docs';
  const doc = (path: string) => (dir === '' ? path : `${dir}/${path}`);
  const space = await ServiceSpace.create(server, 'Acme docs');
  const docs = options.files ?? gitSyncDocs();
  const repo = await userRepo({
    ...Object.fromEntries(Object.entries(docs).map(([path, content]) => [doc(path), content])),
    ...PROJECT_FILES,
  });
  await init(repo, space, dir);
  repo.commitAll('Sync the docs with docsync');
  if ((options.via ?? 'merge') === 'merge') {
    const pushed = await repo.docsync('push', '--merge');
    expect(pushed.code, pushed.stderr).toBe(0);
  } else {
    const pushed = await repo.docsync('push');
    expect(pushed.code, pushed.stderr).toBe(0);
    const [opened, ...others] = await space.changeRequests(['draft', 'open']);
    expect(others).toEqual([]);
    expect(await space.merge(opened?.id ?? '')).toBe('merge');
  }
  return { repo, space, doc };
}

/** Paths added, deleted or modified between two listings of `UserRepo.tree`, sorted. */
function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}

const EDITED_DEPLOY = 'Deploy with `acme deploy` from the project directory.';

/** A person edits the first paragraph of the deployment page in the service, and merges it. */
function serviceEditsDeployment(space: ServiceSpace, text = EDITED_DEPLOY) {
  return space.editPage('guides/deployment.md', 'Clarify deploying', (markdown) =>
    markdown.replace(DEPLOY_FIRST, text),
  );
}

const EDITED_DEPLOYMENT = DEPLOYMENT.replace(DEPLOY_FIRST, EDITED_DEPLOY);

/** Rejects with the daemon's log lines appended, so a timeout says what the daemon did. */
async function withLogs<T>(daemon: DaemonProcess, waiting: Promise<T>): Promise<T> {
  try {
    return await waiting;
  } catch (error) {
    const logs = daemon.logs.map((line) => JSON.stringify(line)).join('\n');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nlogs:\n${logs}`, {
      cause: error,
    });
  }
}

describe('issue 18 item 1: a service edit merged after the branch’s change request comes back', () => {
  const files = () => {
    const docs = gitSyncDocs();
    docs['guides/configuration.md'] = `# Configuration\n\n${CONFIG_PARAGRAPH}\n`;
    return docs;
  };
  it('push → merge #1 → edit merged as #2 → pull: the repo gets the edit, nothing else changes, the service keeps it', async () => {
    const { repo, space, doc } = await syncedRepo({ files: files(), via: 'change-request' });
    await serviceEditsDeployment(space);
    const before = repo.tree();

    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(repo.read(doc('guides/deployment.md'))).toBe(EDITED_DEPLOYMENT);
    expect(changedPaths(before, repo.tree())).toEqual([doc('guides/deployment.md')]);
    expect(repo.status()).toBe('');
    expect(await space.text('guides/deployment.md')).toContain(EDITED_DEPLOY);
  });
});

describe('issue 18 item 2: pull keeps what the service does not model', () => {
  // At the repository root, as in the issue: docsync.json, LICENSE and .github/ sit beside the
  // pages, inside the synced directory.
  it('pull deletes no LICENSE, CI workflow, docsync.json, unlisted page, .gitbook.yaml or include, and a later push keeps them in the service', async () => {
    const { repo, space } = await syncedRepo({ layout: 'root' });
    await serviceEditsDeployment(space);

    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(repo.read('guides/deployment.md')).toBe(EDITED_DEPLOYMENT);
    const kept = { ...PROJECT_FILES, [UNLISTED_PATH]: UNLISTED };
    for (const [path, text] of Object.entries(kept))
      expect(repo.exists(path) ? repo.read(path) : `(deleted)`, path).toBe(text);
    expect(repo.exists('docsync.json') ? repo.read('docsync.json') : '(deleted)').toContain(
      space.id,
    );
    expect(repo.exists('.gitbook.yaml') ? repo.read('.gitbook.yaml') : '(deleted)').toBe(
      GITBOOK_YAML,
    );
    expect(
      repo.exists('.gitbook/includes/note.md')
        ? repo.read('.gitbook/includes/note.md')
        : '(deleted)',
    ).toBe(NOTE_INCLUDE);

    // The next push (a page edited in git) deletes none of them in the service.
    repo.edit('guides/configuration.md', (text) =>
      text.replace(CONFIG_PARAGRAPH, 'Set the options in `acme.yaml`.'),
    );
    repo.commitAll('Shorten the configuration page');
    const pushed = await repo.docsync('push', '--merge');
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await space.text('.gitbook.yaml')).toBe(GITBOOK_YAML);
    expect(await space.text('.gitbook/includes/note.md')).toBe(NOTE_INCLUDE);
    expect(await space.text('guides/configuration.md')).toContain(
      'Set the options in `acme.yaml`.',
    );
    for (const [path, text] of Object.entries(kept)) expect(repo.read(path), path).toBe(text);
  });
});

describe('issue 18 item 3: a one-page service edit is a one-file commit', () => {
  it('the pulled commit touches exactly that page’s file and names the change request that made it', async () => {
    const { repo, space } = await syncedRepo({ layout: 'root' });
    const changeRequest = await serviceEditsDeployment(space);

    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(repo.touched('HEAD')).toEqual(['guides/deployment.md']);
    expect(repo.message('HEAD')).toMatch(
      new RegExp(`^DOCSYNC-${String(changeRequest.number)}: Clarify deploying`),
    );
    // The pages in valid but non-canonical markdown keep their bytes.
    expect(repo.read('getting-started/installation.md')).toBe(
      gitSyncDocs()['getting-started/installation.md'],
    );
  });
});

describe('issue 18 item 4: push → pull is byte-stable', () => {
  /** A tree `docsync fmt --check` accepts, with what the issue saw change. */
  const canonical: Record<string, string | Uint8Array> = {
    'README.md': [
      '# Acme Docs',
      '',
      'Welcome. Start with [the free trial](guides/free-trial.md "Start here").',
      '',
      '![The settings screen](.gitbook/assets/settings.png "Settings")',
      '',
    ].join('\n'),
    'SUMMARY.md': [
      '# Table of contents',
      '',
      '* [Acme Docs](README.md)',
      '',
      '## Guides',
      '',
      // The link title is not the page's H1 (`# Free trial`).
      '* [Free trials](guides/free-trial.md)',
      // A SUMMARY entry with a link title.
      '* [Deploying](guides/cli.md "The deploy command")',
      '',
    ].join('\n'),
    'guides/free-trial.md': [
      '---',
      'createdAt: 2025-05-05T10:21:54.153Z',
      '---',
      '',
      '# Free trial',
      '',
      'Every account starts with a free trial of [Acme](https://acme.example "Acme home").',
      '',
    ].join('\n'),
    'guides/cli.md': '# The deploy command\n\nRun `acme deploy` to deploy.\n',
    '.gitbook/assets/settings.png': SETTINGS_PNG,
  };

  /** The files of `canonical` that `repo` does not hold byte for byte, with what it holds. */
  const differing = (repo: UserRepo, doc: (path: string) => string, except = '') =>
    Object.entries(canonical)
      .filter(([path]) => path !== except)
      .filter(([path, content]) => {
        const bytes = repo.exists(doc(path)) ? repo.bytes(doc(path)) : undefined;
        return bytes === undefined || !bytes.equals(Buffer.from(content));
      })
      .map(([path]) => `${path}:\n${repo.exists(doc(path)) ? repo.read(doc(path)) : '(none)'}`);
  it('a tree fmt accepts, pushed, comes back byte for byte in an empty repository and in the pushing one', async () => {
    const { repo, space, doc } = await syncedRepo({ files: canonical });
    const fmt = await repo.docsync('fmt', '--check', 'docs');
    expect(fmt.code, fmt.stdout + fmt.stderr).toBe(0);

    const fresh = await userRepo();
    await init(fresh, space, 'docs');
    const pulled = await fresh.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(differing(fresh, doc)).toEqual([]);
    // And in the pushing repository, after a page edit in the service, the others keep their
    // bytes.
    await space.editPage('guides/cli.md', 'Say more about deploying', (markdown) =>
      markdown.replace('to deploy.', 'to deploy the current branch.'),
    );
    const again = await repo.docsync('pull');
    expect(again.code, again.stderr).toBe(0);
    expect(repo.read(doc('guides/cli.md'))).toContain('to deploy the current branch.');
    expect(differing(repo, doc, 'guides/cli.md')).toEqual([]);
  });
  it('a SUMMARY.md entry written as a code span survives a pull of another page', async () => {
    const summary = [
      '# Table of contents',
      '',
      '* [Acme Docs](README.md)',
      '* [`acme deploy`](cli.md)',
      '',
    ].join('\n');
    const { repo, space, doc } = await syncedRepo({
      files: {
        'README.md': `# Acme Docs\n\n${LANDING_PARAGRAPH}\n`,
        'SUMMARY.md': summary,
        'cli.md': '# acme deploy\n\nRun it to deploy.\n',
      },
    });
    await space.editPage('README.md', 'Welcome better', (markdown) =>
      markdown.replace(LANDING_PARAGRAPH, 'Acme keeps every widget in order.'),
    );
    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(repo.read(doc('README.md'))).toContain('Acme keeps every widget in order.');
    expect(repo.read(doc('SUMMARY.md'))).toBe(summary);
  });
});

describe('issue 18 item 5: two SUMMARY.md groups with the same title', () => {
  const summary = [
    '# Table of contents',
    '',
    '* [Acme Docs](README.md)',
    '',
    '## Guides',
    '',
    '* [Installation](install.md)',
    '',
    '## Guides',
    '',
    '* [Deployment](deploy.md)',
    '',
  ].join('\n');
  const files = {
    'README.md': '# Acme Docs\n\nWelcome.\n',
    'SUMMARY.md': summary,
    'install.md': '# Installation\n\nInstall it.\n',
    'deploy.md': '# Deployment\n\nDeploy it.\n',
  };
  it('push succeeds and a pull gives both groups back', async () => {
    const space = await ServiceSpace.create(server, 'Two groups');
    const repo = await userRepo(
      Object.fromEntries(Object.entries(files).map(([path, text]) => [`docs/${path}`, text])),
    );
    expect((await repo.docsync('fmt', '--check', 'docs')).code).toBe(0);
    await init(repo, space, 'docs');
    repo.commitAll('Sync the docs with docsync');
    const pushed = await repo.docsync('push', '--merge');
    expect(pushed.stderr).not.toMatch(/500|UNIQUE/);
    expect(pushed.code, pushed.stderr).toBe(0);

    const fresh = await userRepo();
    await init(fresh, space, 'docs');
    const pulled = await fresh.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(fresh.read('docs/SUMMARY.md')).toBe(summary);
    expect(fresh.read('docs/install.md')).toBe(files['install.md']);
    expect(fresh.read('docs/deploy.md')).toBe(files['deploy.md']);
  });
});

describe('issue 18 item 6: the daemon after the branch’s change request is merged', () => {
  it(
    'pulls the service’s edit (not stuck `deferred`), and a forced sync opens no second change request',
    { timeout: 60_000 },
    async () => {
      const { repo, space, doc } = await syncedRepo();
      const work = await makeTempDir('scenario-daemon');
      temps.push(work);
      await work.write('token', `${server.token}\n`);
      const configPath = await writeDaemonConfig(work.path, {
        url: server.baseUrl,
        tokenFile: 'token',
        listen: '127.0.0.1:0',
        debounce: '200ms',
        pollInterval: '1s',
        retry: { initial: '100ms', max: '1s' },
        repositories: [
          {
            name: 'acme',
            path: repo.dir,
            directory: 'docs',
            space: space.id,
            mode: 'change-request',
          },
        ],
      });
      const daemon = spawnDaemon(configPath);
      daemons.push(daemon);
      await withLogs(
        daemon,
        daemon.waitForLog((line) => line.event === 'synced', { past: true }),
      );

      // The user commits a page edit: the daemon opens the branch's change request with it.
      repo.edit(doc('getting-started/installation.md'), (text) =>
        text.replace(INSTALL_PARAGRAPH, 'Install the Acme command line with Homebrew or apt.'),
      );
      const head = repo.commitAll('Name the package managers');
      await withLogs(
        daemon,
        daemon.waitForLog((line) => line.event === 'synced' && line['head'] === head, {
          past: true,
        }),
      );
      const [own, ...others] = await space.changeRequests(['draft', 'open']);
      expect(others).toEqual([]);
      // Someone edits another page in the service (merged) while the branch's change is under
      // review: the daemon sees it...
      const sawEdit = daemon.waitForLog(
        (line) => line.event === 'synced' && JSON.stringify(line['steps']).includes('"pull"'),
        { timeoutMs: 15_000 },
      );
      await serviceEditsDeployment(space);
      await withLogs(daemon, sawEdit);
      // ...and once the branch's change request is merged, it pulls.
      expect(await space.merge(own?.id ?? '')).toBe('merge');
      await withLogs(
        daemon,
        waitFor(
          () =>
            repo.head('main') !== head &&
            repo.read(doc('guides/deployment.md')) === EDITED_DEPLOYMENT
              ? true
              : undefined,
          { what: 'the service’s edit pulled onto the branch', timeoutMs: 15_000 },
        ),
      );
      expect(repo.read(doc('getting-started/installation.md'))).toContain('Homebrew or apt');

      // A forced cycle opens no second change request for the merged commit.
      const forced = daemon
        .waitForLog((line) => line.event === 'sync-start' && line['forced'] === true, {
          timeoutMs: 15_000,
        })
        .then(() => daemon.waitForLog((line) => line.event === 'synced', { timeoutMs: 15_000 }));
      const admin = await daemon.adminUrl();
      expect((await fetch(`${admin}/sync`, { method: 'POST' })).status).toBe(202);
      await withLogs(daemon, forced);
      expect(await space.changeRequests(['draft', 'open'])).toEqual([]);
    },
  );
});

describe('issue 18 item 7: a merging pull sends nothing unreviewed to the main content', () => {
  it('the branch’s commit waiting in its change request stays out of the main content', async () => {
    const { repo, space, doc } = await syncedRepo();
    const proposed = 'Install the Acme command line with Homebrew or apt.';
    repo.edit(doc('getting-started/installation.md'), (text) =>
      text.replace(INSTALL_PARAGRAPH, proposed),
    );
    repo.commitAll('Name the package managers');
    const opened = await repo.docsync('push');
    expect(opened.code, opened.stderr).toBe(0);
    const [review] = await space.changeRequests(['draft', 'open']);
    expect(review).toBeDefined();
    await serviceEditsDeployment(space);

    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(repo.read(doc('guides/deployment.md'))).toBe(EDITED_DEPLOYMENT);
    expect(repo.read(doc('getting-started/installation.md'))).toContain(proposed);
    // Unreviewed: not in the main content, still in its change request.
    const main = await space.text('getting-started/installation.md');
    expect(main).not.toContain(proposed);
    expect(main).toContain(INSTALL_PARAGRAPH);
    const page = await space.pageAt('getting-started/installation.md');
    expect(await space.pageMarkdown(page, review?.id)).toContain(proposed);
    expect((await space.changeRequests(['draft', 'open'])).map((cr) => cr.id)).toEqual([
      review?.id,
    ]);
  });
});

describe('issue 18 item 8: conflicts are resolved as in git', () => {
  const SERVICE_TEXT = 'Deploy with `acme deploy --prod` (service).';
  const LOCAL_TEXT = 'Deploy with `acme ship` (git).';

  /** The same paragraph edited in the service (merged) and in a commit on the branch. */
  async function conflicting(): Promise<Synced> {
    const synced = await syncedRepo();
    await serviceEditsDeployment(synced.space, SERVICE_TEXT);
    synced.repo.edit(synced.doc('guides/deployment.md'), (text) =>
      text.replace(DEPLOY_FIRST, LOCAL_TEXT),
    );
    synced.repo.commitAll('Use acme ship');
    return synced;
  }
  it('pull exits 3 with git’s conflict markers, status explains, and a committed resolution carries on', async () => {
    const { repo, space, doc } = await conflicting();
    const pulled = await repo.docsync('pull');
    expect(pulled.code).toBe(3);
    const marked = repo.read(doc('guides/deployment.md'));
    expect(marked).toMatch(/^<<<<<<< .*$/m);
    expect(marked).toMatch(/^=======$/m);
    expect(marked).toMatch(/^>>>>>>> .*$/m);
    expect(marked).toContain(SERVICE_TEXT);
    expect(marked).toContain(LOCAL_TEXT);

    const status = await repo.docsync('status');
    const said = status.stdout + status.stderr;
    expect(said).toContain('guides/deployment.md');
    expect(said).toMatch(/conflict/i);
    expect(said).toMatch(/commit/);
    expect(said).toMatch(/docsync (push|pull)/);

    const resolved = 'Deploy with `acme ship --prod` (both).';
    const resolution = DEPLOYMENT.replace(DEPLOY_FIRST, resolved);
    repo.write({ [doc('guides/deployment.md')]: resolution });
    repo.commitAll('Resolve the deployment conflict');
    const pushed = await repo.docsync('push', '--merge');
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(repo.read(doc('guides/deployment.md'))).toBe(resolution);
    expect(await space.text('guides/deployment.md')).toBe(resolution);
    const after = await repo.docsync('status');
    expect(after.stdout).toContain('nothing (in sync)');
  });

  for (const [strategy, wins] of [
    ['ours', LOCAL_TEXT],
    ['theirs', SERVICE_TEXT],
  ] as const)
    it(`pull --strategy ${strategy} resolves the conflict without markers`, async () => {
      const { repo, space, doc } = await conflicting();
      const pulled = await repo.docsync('pull', '--strategy', strategy);
      expect(pulled.code, pulled.stderr).toBe(0);
      const text = repo.read(doc('guides/deployment.md'));
      expect(text).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m);
      expect(text).toBe(DEPLOYMENT.replace(DEPLOY_FIRST, wins));
      expect(repo.status()).toBe('');
      // Pull only takes; the merge reaches the space with the next push.
      const pushed = await repo.docsync('push', '--merge');
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(await space.text('guides/deployment.md')).toBe(text);
    });
});

describe('issue 18 item 9: pull --published into an empty repository', () => {
  it('writes the first commit (no parent) and the working tree', async () => {
    const { space } = await syncedRepo();
    const empty = await userRepo();
    const published = (...more: string[]) =>
      empty.docsync('pull', '--published', '--url', server.baseUrl, '--space', space.id, ...more);
    const run = await published();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('pull --published: pulled');
    const head = empty.head('main');
    expect(run.stdout).toContain(`committed ${head} on main`);
    // One commit, no parent, author and committer docsync.
    expect(empty.git('rev-list', '--parents', 'main').trim()).toBe(head);
    expect(empty.git('log', '-1', '--format=%an|%cn', 'main').trim()).toBe('docsync|docsync');
    expect(empty.message()).toMatch(/^docsync: publish Acme docs/);
    // Everything under docs/; the working tree and the index as the commit has them.
    expect([...empty.tree().keys()].every((path) => path.startsWith('docs/'))).toBe(true);
    expect(empty.status()).toBe('');
    expect(empty.read('docs/README.md')).toBe(await space.text('README.md'));
    expect(empty.read('docs/guides/deployment.md')).toBe(DEPLOYMENT);
    expect(empty.bytes('docs/.gitbook/assets/settings.png').equals(SETTINGS_PNG)).toBe(true);

    const again = await published('--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ outcome: 'in-sync', commit: null });
    expect(empty.head('main')).toBe(head);
  });
});

describe('issue 18 item 10: status, diff and push say what is true', () => {
  /** The `A|M|D path` lines of `docsync diff`'s "pull would change on the branch" section. */
  const pullSection = (stdout: string) =>
    stdout
      .slice(stdout.indexOf('pull would change on the branch:'))
      .split('\n')
      .filter((line) => /^\s+[AMD] /.test(line))
      .map((line) => line.trim());
  it('diff lists exactly what the pull then changes, and nothing right after it', async () => {
    const docs = gitSyncDocs();
    docs['guides/configuration.md'] = `# Configuration\n\n${CONFIG_PARAGRAPH}\n`;
    const { repo, space, doc } = await syncedRepo({ files: docs, via: 'change-request' });
    await serviceEditsDeployment(space);

    const diff = await repo.docsync('diff');
    expect(diff.code, diff.stderr).toBe(0);
    expect(pullSection(diff.stdout)).toEqual(['M guides/deployment.md']);
    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(repo.touched('HEAD')).toEqual([doc('guides/deployment.md')]);

    const after = await repo.docsync('diff');
    expect(after.stdout.split('\n').filter((line) => /^\s+[AMD] /.test(line))).toEqual([]);
    const status = await repo.docsync('status');
    expect(status.stdout).toContain('nothing (in sync)');
  });
  it('after a plain pull, status asks for no three-way merge: in sync, then `docsync pull` for the next service edit', async () => {
    const { repo, space } = await syncedRepo();
    await serviceEditsDeployment(space);
    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    const status = await repo.docsync('status');
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain('nothing (in sync)');

    await space.editPage('guides/configuration.md', 'Shorter configuration', (markdown) =>
      markdown.replace(CONFIG_PARAGRAPH, 'Set the options in `acme.yaml`.'),
    );
    const next = await repo.docsync('status');
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toMatch(/^local changes 0 files/m);
    expect(next.stdout).not.toContain('three-way merge');
    expect(next.stdout).toMatch(/^next +`docsync pull` brings the space's changes$/m);
  });
  it('push of a new (draft) change request says draft, and its URL answers 200', async () => {
    const { repo, doc } = await syncedRepo();
    repo.edit(doc('guides/deployment.md'), (text) =>
      text.replace(DEPLOY_SECOND, 'Roll back fast.'),
    );
    repo.commitAll('Shorten the rollback paragraph');
    const pushed = await repo.docsync('push');
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).not.toContain('(opened)');
    expect(pushed.stdout).toMatch(/draft/i);
    const url = /https?:\/\/\S+/.exec(pushed.stdout)?.[0] ?? '(no URL printed)';
    const answer = await fetch(url, { headers: { authorization: `Bearer ${server.token}` } });
    expect(answer.status, url).toBe(200);
  });
});

describe('issue 18 item 11: a local move keeps a concurrent service edit', () => {
  it('push --merge, edit P in the service, git mv P and update SUMMARY.md, pull: the edit is at the new path on both sides', async () => {
    const { repo, space, doc } = await syncedRepo();
    await serviceEditsDeployment(space);
    repo.git('mv', doc('guides/deployment.md'), doc('guides/deploying.md'));
    repo.edit(doc('SUMMARY.md'), (text) =>
      text.replace('(guides/deployment.md)', '(guides/deploying.md)'),
    );
    repo.commitAll('Move the deployment page');

    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(repo.exists(doc('guides/deployment.md'))).toBe(false);
    expect(repo.read(doc('guides/deploying.md'))).toBe(EDITED_DEPLOYMENT);
    // Pull only takes; the move reaches the space with the next push.
    const pushed = await repo.docsync('push', '--merge');
    expect(pushed.code, pushed.stderr).toBe(0);
    const paths = await space.paths();
    expect(paths).toContain('guides/deploying.md');
    expect(paths).not.toContain('guides/deployment.md');
    expect(await space.text('guides/deploying.md')).toBe(EDITED_DEPLOYMENT);
  });
});

describe('issue 18 item 12: a push after a three-way-merged push into a change request', () => {
  it('succeeds, and so does every push after it', async () => {
    const { repo, space, doc } = await syncedRepo();
    repo.edit(doc('getting-started/installation.md'), (text) =>
      text.replace(INSTALL_PARAGRAPH, 'Install the Acme command line with Homebrew or apt.'),
    );
    repo.commitAll('Name the package managers');
    await serviceEditsDeployment(space);
    const merged = await repo.docsync('push');
    expect(merged.code, merged.stderr).toBe(0);

    repo.edit(doc('guides/configuration.md'), (text) =>
      text.replace(CONFIG_PARAGRAPH, 'Set the options in `acme.yaml`.'),
    );
    repo.commitAll('Shorten the configuration page');
    const next = await repo.docsync('push');
    expect(next.stderr).not.toContain('400');
    expect(next.code, next.stderr).toBe(0);
    const again = await repo.docsync('push');
    expect(again.code, again.stderr).toBe(0);
    const [review, ...others] = await space.changeRequests(['draft', 'open']);
    expect(others).toEqual([]);
    const page = await space.pageAt('guides/configuration.md');
    expect(await space.pageMarkdown(page, review?.id)).toContain('Set the options in `acme.yaml`.');
  });
});

describe('issue 18 item 13: no false conflicts', () => {
  const V2 = 'Deploy the service with `acme deploy`.';
  const V3 = 'Deploy the service with `acme deploy --wait`.';
  it('after the branch’s change request is merged, editing the same paragraph again is no conflict', async () => {
    const { repo, space, doc } = await syncedRepo();
    repo.edit(doc('guides/deployment.md'), (text) => text.replace(DEPLOY_FIRST, V2));
    repo.commitAll('Name the deploy command');
    expect((await repo.docsync('push')).code).toBe(0);
    const [review] = await space.changeRequests(['draft', 'open']);
    expect(await space.merge(review?.id ?? '')).toBe('merge');

    // The branch already holds what was merged: the user carries on editing.
    repo.edit(doc('guides/deployment.md'), (text) => text.replace(V2, V3));
    repo.commitAll('Wait for the deploy');
    const pushed = await repo.docsync('push', '--merge');
    expect(pushed.stderr).not.toMatch(/conflict/);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await space.text('guides/deployment.md')).toBe(DEPLOYMENT.replace(DEPLOY_FIRST, V3));
  });
  it('after a plain pull, editing the pulled paragraph is no conflict', async () => {
    const { repo, space, doc } = await syncedRepo();
    await serviceEditsDeployment(space, V2);
    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(repo.read(doc('guides/deployment.md'))).toContain(V2);

    repo.edit(doc('guides/deployment.md'), (text) => text.replace(V2, V3));
    repo.commitAll('Wait for the deploy');
    const pushed = await repo.docsync('push', '--merge');
    expect(pushed.stderr).not.toMatch(/conflict/);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await space.text('guides/deployment.md')).toContain(V3);
  });
  it('deleting a page already pulled is no conflict', async () => {
    const { repo, space, doc } = await syncedRepo();
    await serviceEditsDeployment(space);
    expect((await repo.docsync('pull')).code).toBe(0);
    repo.git('rm', '-q', doc('guides/deployment.md'));
    repo.edit(doc('SUMMARY.md'), (text) =>
      text.replace('* [Deployment](guides/deployment.md)\n', ''),
    );
    repo.commitAll('Drop the deployment page');
    const pushed = await repo.docsync('push', '--merge');
    expect(pushed.stderr).not.toMatch(/conflict/);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await space.paths()).not.toContain('guides/deployment.md');
  });
  it('a branch whose last sync is older than the space’s newest 50 sync points still merges on it', async () => {
    const { repo, space, doc } = await syncedRepo();
    // Others synced other repositories 60 times since (points of commits this one lacks).
    const revision = await space.revision();
    for (let n = 0; n < 60; n += 1) {
      const oid = (0x1000 + n).toString(16).padStart(40, 'a');
      const recorded = await server.http.request('POST', `/v1/spaces/${space.id}/git/sync-points`, {
        body: { commit: { oid, message: `elsewhere ${String(n)}` }, revision },
      });
      expect(recorded.status).toBe(201);
    }
    await serviceEditsDeployment(space);
    repo.edit(doc('getting-started/installation.md'), (text) =>
      text.replace(INSTALL_PARAGRAPH, 'Install the Acme command line with npm.'),
    );
    repo.commitAll('Say how to install');
    const pushed = await repo.docsync('push', '--merge');
    expect(pushed.stderr).not.toMatch(/conflict/);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(repo.read(doc('guides/deployment.md'))).toBe(EDITED_DEPLOYMENT);
    expect(await space.text('getting-started/installation.md')).toContain('with npm.');
  });
  it('an image nobody touched is not reported changed after a change request merge', async () => {
    const { repo, space, doc } = await syncedRepo({ via: 'change-request' });
    await serviceEditsDeployment(space);
    const pulled = await repo.docsync('pull');
    expect(pulled.stdout + pulled.stderr).not.toContain('settings.png');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(repo.bytes(doc('.gitbook/assets/settings.png')).equals(SETTINGS_PNG)).toBe(true);
    expect(repo.read(doc('guides/deployment.md'))).toBe(EDITED_DEPLOYMENT);
  });
});

describe('issue 18 item 14: the landing page edited in the service stays README.md', () => {
  it('update_page of README.md (path "") keeps it at README.md, in the change request and after pull', async () => {
    const { repo, space, doc } = await syncedRepo();
    const changeRequest = await space.editPage(
      'README.md',
      'Welcome better',
      (markdown) => markdown.replace(LANDING_PARAGRAPH, 'Acme keeps every widget in order.'),
      { merge: false },
    );
    const readmes = (paths: string[]) => paths.filter((path) => /readme/i.test(path));
    expect(readmes(await space.paths(changeRequest.id))).toEqual(['README.md']);
    expect(await space.merge(changeRequest.id)).toBe('merge');
    expect(readmes(await space.paths())).toEqual(['README.md']);

    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(repo.read(doc('README.md'))).toContain('Acme keeps every widget in order.');
    expect(readmes([...repo.tree().keys()])).toEqual([doc('README.md')]);
  });
});

describe('a repository whose branch is not `main`', () => {
  it('init takes the checked-out branch (unborn `master` of a fresh `git init`), and pull brings service edits into the working tree', async () => {
    const space = await ServiceSpace.create(server, 'Acme docs');
    const repo = await userRepo();
    repo.git('symbolic-ref', 'HEAD', 'refs/heads/master');
    repo.write({ ...gitSyncDocs(), ...PROJECT_FILES });
    await init(repo, space);
    expect(JSON.parse(repo.read('docsync.json'))).toMatchObject({ branch: 'master' });
    repo.commitAll('Sync the docs with docsync');
    const pushed = await repo.docsync('push', '--merge');
    expect(pushed.code, pushed.stderr).toBe(0);

    await serviceEditsDeployment(space);
    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).not.toContain('not the checked-out');
    expect(repo.read('guides/deployment.md')).toBe(EDITED_DEPLOYMENT);
    expect(repo.status()).toBe('');
  });

  it('a pull onto docsync.json’s branch while another is checked out says where the commit went', async () => {
    const { repo, space } = await syncedRepo({ layout: 'root' });
    repo.git('checkout', '-q', '-b', 'topic');
    await serviceEditsDeployment(space);
    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toContain(
      'on `main` (docsync.json’s branch), not the checked-out `topic`: `git checkout main` shows it',
    );
  });
});

describe('a new repository’s first pull of a space', () => {
  it('is in sync after it: the repository’s own files (docsync.json, LICENSE) are nothing to push, and push opens no change request', async () => {
    const { space } = await syncedRepo({ layout: 'root' });
    const repo = await userRepo({ LICENSE: PROJECT_FILES.LICENSE });
    await init(repo, space);
    repo.commitAll('Sync with the docs space');

    const pulled = await repo.docsync('pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toContain(
      'the branch differs from the space only in files the service does not read: nothing to push',
    );
    expect(repo.read('guides/deployment.md')).toBe(DEPLOYMENT);
    const status = await repo.docsync('status');
    expect(status.stdout).toContain('nothing (in sync)');
    const pushed = await repo.docsync('push');
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toMatch(/^push: in-sync/);
    expect(await space.changeRequests(['draft', 'open'])).toEqual([]);

    // A page the new repository then adds is pushed as usual.
    repo.edit('guides/deployment.md', (text) => text.replace(DEPLOY_FIRST, EDITED_DEPLOY));
    repo.commitAll('Clarify deploying');
    const again = await repo.docsync('push', '--merge');
    expect(again.code, again.stderr).toBe(0);
    expect(await space.text('guides/deployment.md')).toContain(EDITED_DEPLOY);
  });
});

describe('a push of files the service does not read', () => {
  it('a LICENSE edit alone opens no change request and changes nothing in the space', async () => {
    const { repo, space } = await syncedRepo({ layout: 'root' });
    const before = await space.paths();
    repo.write({ LICENSE: `${PROJECT_FILES.LICENSE}\nAlso under the Apache License.\n` });
    repo.commitAll('Dual-license');
    const pushed = await repo.docsync('push');
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toContain('push: in-sync');
    expect(await space.changeRequests(['draft', 'open'])).toEqual([]);
    expect(await space.paths()).toEqual(before);
    const status = await repo.docsync('status');
    expect(status.stdout).toContain('nothing (in sync)');
  });
});
