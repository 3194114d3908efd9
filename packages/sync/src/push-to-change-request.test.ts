import type { ChangeRequest, GitInfo } from '@docsync/api';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import * as fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CommitTrees } from './commit-trees.js';
import { findBranchChangeRequest } from './find-branch-change-request.js';
import { planSync } from './plan-sync.js';
import { pushToChangeRequest } from './push-to-change-request.js';
import type { SyncContext, SyncState } from './read-sync-state.js';
import type { SyncClient } from './sync-client.js';

/**
 * What pushToChangeRequest and findBranchChangeRequest decide on their own (which change request
 * a branch pushes into, when one is opened, what is imported into it), against an in-memory
 * service holding change requests, their heads' git records and blobs, and recording every
 * request. A real git repository gives the commits; the service's side is tested against the
 * real server in test/e2e (sync.test.ts, sync-scenarios.test.ts, sync-model.test.ts).
 */
interface StoredChangeRequest {
  changeRequest: ChangeRequest;
  /** The git record of its head revision's import, when its head is one. */
  headGit?: { oid: string; ref: string };
}

const SPACE = 'space1';
const REF = 'refs/heads/main';

class ChangeRequestService {
  readonly changeRequests: StoredChangeRequest[] = [];
  readonly blobs = new Set<string>();
  readonly calls: { operation: string; args: Record<string, unknown> }[] = [];
  /** Whether `git/info` knows the `changeRequest` parameter (an older server does not). */
  knowsChangeRequestInfo = true;
  #next = 1;

  add(fields: Partial<ChangeRequest> & { headGit?: { oid: string; ref: string } }): ChangeRequest {
    const number = this.#next++;
    const { headGit, ...rest } = fields;
    const changeRequest = {
      id: `cr${String(number)}`,
      number,
      subject: `Change ${String(number)}`,
      status: 'draft',
      revision: `cr${String(number)}-head`,
      revisionInitial: `cr${String(number)}-head`,
      updatedAt: `2026-01-0${String(number)}T00:00:00.000Z`,
      urls: {
        location: `http://service.test/v1/spaces/${SPACE}/change-requests/cr${String(number)}`,
      },
      ...rest,
    } as ChangeRequest;
    this.changeRequests.push({ changeRequest, ...(headGit === undefined ? {} : { headGit }) });
    return changeRequest;
  }

  #find(id: unknown): StoredChangeRequest {
    const found = this.changeRequests.find((stored) => stored.changeRequest.id === id);
    if (found === undefined) throw new Error(`no change request ${String(id)}`);
    return found;
  }

  client(): SyncClient {
    const request = (operation: string, args: Record<string, unknown> = {}) => {
      this.calls.push({ operation, args });
      const query = (args['query'] ?? {}) as Record<string, string>;
      const params = (args['params'] ?? {}) as Record<string, string>;
      const body = (args['body'] ?? {}) as Record<string, unknown>;
      switch (operation) {
        case 'getGitInfo': {
          const stored = this.#find(query['changeRequest']);
          if (!this.knowsChangeRequestInfo) return Promise.resolve({ revision: 'main-rev' });
          const { revision } = stored.changeRequest;
          return Promise.resolve({
            revision,
            changeRequest: stored.changeRequest.id,
            lastSync:
              stored.headGit === undefined
                ? { revision: 'older', git: { oid: 'f'.repeat(40), ref: REF } }
                : { revision, git: stored.headGit },
          } as unknown as GitInfo);
        }
        case 'getChangeRequestRevision':
          return Promise.resolve({ git: this.#find(params['changeRequestId']).headGit });
        case 'createChangeRequest':
          return Promise.resolve(this.add({ subject: body['subject'] as string }));
        case 'findMissingGitBlobs':
          return Promise.resolve({
            missing: (body['oids'] as string[]).filter((oid) => !this.blobs.has(oid)),
          });
        case 'uploadGitBlobs':
          for (const blob of body['blobs'] as { oid: string }[]) this.blobs.add(blob.oid);
          return Promise.resolve(undefined);
        case 'importGitRepository': {
          const stored = this.#find(body['changeRequest']);
          const commit = body['commit'] as { oid: string; ref: string };
          stored.headGit = { oid: commit.oid, ref: commit.ref };
          stored.changeRequest = {
            ...stored.changeRequest,
            revision: `${stored.changeRequest.id}-${commit.oid.slice(0, 7)}`,
          };
          return Promise.resolve(undefined);
        }
        default:
          return Promise.reject(new Error(`unexpected ${operation}`));
      }
    };
    const listAll = (operation: string, args: Record<string, unknown>) => {
      this.calls.push({ operation, args });
      if (operation !== 'listChangeRequestsForSpace')
        return Promise.reject(new Error(`unexpected ${operation}`));
      const { status } = args['query'] as { status: string };
      return Promise.resolve(
        this.changeRequests
          .map((stored) => stored.changeRequest)
          .filter((changeRequest) => changeRequest.status === status),
      );
    };
    return {
      api: {
        request: request as unknown as SyncClient['api']['request'],
        listAll: listAll as unknown as SyncClient['api']['listAll'],
      },
      download: () => Promise.reject(new Error('not used')),
    };
  }

  operations(): string[] {
    return this.calls.map((call) => call.operation);
  }

  imports(): Record<string, unknown>[] {
    return this.calls
      .filter((call) => call.operation === 'importGitRepository')
      .map((call) => call.args['body'] as Record<string, unknown>);
  }
}

const repos: GitRepo[] = [];
afterEach(async () => {
  await Promise.all(repos.splice(0).map((repo) => repo.remove()));
});

/**
 * A branch synced at its first commit (the base: the space's revision `main-rev`), then edited
 * in `messages.length` commits, one page each; the state a push reads, planned as push does.
 */
async function branchAhead(messages: string[]) {
  const repo = await createGitRepo({
    files: {
      'README.md': '# Home\n',
      'setup.md': '# Setup\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Setup](setup.md)\n',
    },
    message: 'Initial commit',
  });
  repos.push(repo);
  const baseCommit = await repo.resolve();
  const commits: string[] = [];
  for (const [index, message] of messages.entries()) {
    await repo.writeFiles({ 'setup.md': `# Setup\n\nStep ${String(index + 1)}.\n` });
    commits.push(await repo.commit(message));
  }
  const head = await repo.resolve();
  const trees = new CommitTrees({ fs, dir: repo.dir, cache: {} }, '');
  const [base, local] = await Promise.all([trees.at(baseCommit), trees.at(head)]);
  const service = new ChangeRequestService();
  for (const file of base.values()) service.blobs.add(file.oid);
  const context: SyncContext = {
    fs,
    dir: repo.dir,
    config: { url: 'http://service.test', space: SPACE, branch: 'main', dir: '' },
    client: service.client(),
  };
  const state: SyncState = {
    head: {
      oid: head,
      message: `${messages.at(-1) ?? ''}\n`,
      author: {
        name: 'Test Author',
        email: 'author@example.test',
        timestamp: 0,
        timezoneOffset: 0,
      },
    },
    local,
    info: { revision: 'main-rev' } as GitInfo,
    basePoint: { commit: baseCommit, revision: 'main-rev' },
    baseCommit,
    base,
    remote: base,
    remoteRevision: 'main-rev',
    remoteCommit: baseCommit,
    plan: planSync({
      base,
      local,
      remote: base,
      localChanges: await trees.changes(baseCommit, head),
    }),
    pending: null,
    trees,
  } as SyncState;
  return {
    commits,
    service,
    context,
    state,
    baseCommit,
    head,
    setupOid: local.get('setup.md')?.oid,
  };
}

describe('pushToChangeRequest', () => {
  it('opens a change request named after the pushed commits and imports only what changed into it', async () => {
    const { service, context, state, head, setupOid } = await branchAhead(['Fix the setup page']);
    const result = await pushToChangeRequest(context, state, {});
    expect(result.outcome).toBe('pushed');
    expect(result.changeRequest).toMatchObject({
      number: 1,
      subject: 'Fix the setup page',
      opened: true,
    });
    expect(result.pushedCommit).toBe(head);
    // Only the edited page's blob was asked about and sent: the base's blobs are known.
    expect(result.uploaded).toMatchObject({ blobs: 1 });
    expect(service.blobs.has(setupOid ?? '')).toBe(true);
    const [imported] = service.imports();
    expect(imported).toMatchObject({
      changeRequest: 'cr1',
      // The space changed nothing since the base: the change request is up to date with main.
      mainRevision: 'main-rev',
      commit: { oid: head, ref: REF },
    });
  });

  it('is in sync when the branch change request already holds the commit, and sends nothing', async () => {
    const { service, context, state, head } = await branchAhead(['Fix the setup page']);
    service.add({ revisionInitial: 'opened-on', headGit: { oid: head, ref: REF } });
    const result = await pushToChangeRequest(context, state, {});
    expect(result.outcome).toBe('in-sync');
    expect(result.changeRequest).toMatchObject({ number: 1, opened: false });
    expect(service.operations()).not.toContain('importGitRepository');
    expect(service.operations()).not.toContain('createChangeRequest');
  });

  it('updates the branch change request from the commit it holds, as a delta', async () => {
    const { service, context, state, commits, head } = await branchAhead(['Step one', 'Step two']);
    const [earlier = ''] = commits;
    service.add({ revisionInitial: 'opened-on', headGit: { oid: earlier, ref: REF } });
    const result = await pushToChangeRequest(context, state, {});
    expect(result.outcome).toBe('pushed');
    expect(result.changeRequest).toMatchObject({ number: 1, opened: false });
    const [imported] = service.imports();
    expect(imported).toMatchObject({ changeRequest: 'cr1', base: earlier, commit: { oid: head } });
    expect(imported?.['changes']).toEqual([
      { path: 'setup.md', oid: state.local.get('setup.md')?.oid },
    ]);
  });

  it('opens a new change request instead of overwriting one edited in the service since the push', async () => {
    const { service, context, state } = await branchAhead(['Fix the setup page']);
    // Its head is a revision made in the service: it records no commit.
    service.add({ revisionInitial: 'opened-on' });
    const result = await pushToChangeRequest(context, state, {});
    expect(result.changeRequest).toMatchObject({ number: 2, opened: true });
    expect(service.imports()[0]).toMatchObject({ changeRequest: 'cr2' });
  });

  it('adopts an empty draft with the subject it would open, left by a push that lost its answer', async () => {
    const { service, context, state } = await branchAhead(['Fix the setup page']);
    service.add({ subject: 'Something else' });
    service.add({ subject: 'Fix the setup page' });
    const result = await pushToChangeRequest(context, state, {});
    expect(result.changeRequest).toMatchObject({ number: 2, opened: true });
    expect(service.operations()).not.toContain('createChangeRequest');
  });

  it('changes nothing on a dry run, and reports the change request it would update', async () => {
    const { service, context, state, commits } = await branchAhead(['Step one', 'Step two']);
    service.add({
      revisionInitial: 'opened-on',
      headGit: { oid: commits[0] ?? '', ref: REF },
    });
    const result = await pushToChangeRequest(context, state, { dryRun: true });
    expect(result).toMatchObject({ outcome: 'pushed', dryRun: true });
    expect(result.remoteChanges).toEqual([{ path: 'setup.md', kind: 'modified' }]);
    expect(service.operations()).not.toContain('importGitRepository');
    expect(service.operations()).not.toContain('uploadGitBlobs');
  });
});

describe('findBranchChangeRequest', () => {
  it('takes the newest change request pushed from the branch, ignoring other branches', async () => {
    const service = new ChangeRequestService();
    service.add({ revisionInitial: 'a', headGit: { oid: '1'.repeat(40), ref: REF } });
    service.add({
      status: 'open',
      revisionInitial: 'b',
      headGit: { oid: '2'.repeat(40), ref: REF },
    });
    service.add({
      revisionInitial: 'c',
      headGit: { oid: '3'.repeat(40), ref: 'refs/heads/other' },
    });
    const found = await findBranchChangeRequest(service.client(), SPACE, { ref: REF });
    expect(found?.changeRequest.number).toBe(2);
    expect(found?.commit).toBe('2'.repeat(40));
  });

  it('does not ask for the subject when the branch has a change request', async () => {
    const service = new ChangeRequestService();
    service.add({ revisionInitial: 'a', headGit: { oid: '1'.repeat(40), ref: REF } });
    const found = await findBranchChangeRequest(service.client(), SPACE, {
      ref: REF,
      subject: () => Promise.reject(new Error('subject asked for')),
    });
    expect(found?.changeRequest.number).toBe(1);
  });

  it('reads the head revision when the server does not know git/info for a change request', async () => {
    const service = new ChangeRequestService();
    service.knowsChangeRequestInfo = false;
    service.add({ revisionInitial: 'a', headGit: { oid: '1'.repeat(40), ref: REF } });
    const found = await findBranchChangeRequest(service.client(), SPACE, { ref: REF });
    expect(found?.commit).toBe('1'.repeat(40));
    expect(service.operations()).toContain('getChangeRequestRevision');
  });

  it('finds none among merged or archived change requests, and adopts no open empty one', async () => {
    const service = new ChangeRequestService();
    service.add({
      status: 'merged',
      revisionInitial: 'a',
      headGit: { oid: '1'.repeat(40), ref: REF },
    });
    service.add({
      status: 'archived',
      revisionInitial: 'b',
      headGit: { oid: '2'.repeat(40), ref: REF },
    });
    service.add({ status: 'open', subject: 'Fix' });
    const found = await findBranchChangeRequest(service.client(), SPACE, {
      ref: REF,
      subject: () => Promise.resolve('Fix'),
    });
    expect(found).toBeUndefined();
  });
});
