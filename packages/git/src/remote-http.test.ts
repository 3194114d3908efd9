import * as fs from 'node:fs';
import git from 'isomorphic-git';
import { createGitRepo } from '@docsync/test-utils';
import { describe, expect, it } from 'vitest';
import { RemoteError } from './errors.js';
import { readRemoteBranch, readRemoteUrl, redactUrl } from './remote-http.js';

describe('remotes over HTTP', () => {
  it('never shows credentials of a URL', () => {
    expect(redactUrl('https://x-access-token:ghs_secret@github.com/acme/docs')).toBe(
      'https://github.com/acme/docs',
    );
    expect(redactUrl('http://user:pw@not a host/x')).toBe('http://not a host/x');
  });

  it('reads the URL of a configured remote, and null without one', async () => {
    const repo = await createGitRepo({ files: { 'a.md': '# A\n' } });
    try {
      expect(await readRemoteUrl({ fs, dir: repo.dir })).toBeNull();
      await git.addRemote({ fs, dir: repo.dir, remote: 'origin', url: 'https://example.test/r' });
      expect(await readRemoteUrl({ fs, dir: repo.dir })).toBe('https://example.test/r');
    } finally {
      await repo.remove();
    }
  });

  it('fails with a RemoteError that names the URL without its password', async () => {
    const repo = await createGitRepo();
    try {
      const failure = readRemoteBranch({
        fs,
        dir: repo.dir,
        url: 'http://user:hunter2@127.0.0.1:9/nothing.git',
        branch: 'main',
      });
      await expect(failure).rejects.toBeInstanceOf(RemoteError);
      await expect(failure).rejects.not.toThrow(/hunter2/);
    } finally {
      await repo.remove();
    }
  });
});
