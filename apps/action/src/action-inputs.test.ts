import { describe, expect, it } from 'vitest';
import { ActionError } from './action-error.js';
import { parseActionInputs, parseIdentity, readInput, resolveRepoPath } from './action-inputs.js';

const base = {
  GITHUB_WORKSPACE: '/runner/work/repo',
  INPUT_URL: 'https://docs.example.test/',
  INPUT_TOKEN: 'dsk_secret',
  INPUT_SITE: 'site_1',
  'INPUT_GITHUB-TOKEN': 'ghs_x',
};

function codeOf(env: Record<string, string | undefined>): string | undefined {
  try {
    parseActionInputs(env);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ActionError);
    return (error as ActionError).code;
  }
}

describe('parseActionInputs', () => {
  it('reads the runner’s INPUT_* names (hyphens kept) with the documented defaults', () => {
    const inputs = parseActionInputs(base);
    expect(inputs).toMatchObject({
      url: 'https://docs.example.test',
      token: 'dsk_secret',
      source: { site: 'site_1' },
      workspace: '/runner/work/repo',
      path: 'docs',
      mode: 'commit',
      commitMessage: 'docsync: publish {title} ({pages} pages changed)',
      author: { name: 'docsync', email: 'docsync@users.noreply.docsync.dev' },
      committer: { name: 'github-actions[bot]' },
      githubToken: 'ghs_x',
      pullRequestBranch: 'docsync/publish-site_1',
      apiUrl: 'https://api.github.com',
    });
    expect(inputs.branch).toBeUndefined();
    expect(readInput({ 'INPUT_PULL-REQUEST-BRANCH': ' x ' }, 'pull-request-branch')).toBe('x');
    expect(readInput({ INPUT_BRANCH: '' }, 'branch')).toBeUndefined();
  });

  it.each([
    ['no token', { INPUT_TOKEN: undefined }, 'input-missing'],
    ['a blank token', { INPUT_TOKEN: '  ' }, 'input-missing'],
    ['neither site nor space', { INPUT_SITE: undefined }, 'input-invalid'],
    ['both site and space', { INPUT_SPACE: 'space_1' }, 'input-invalid'],
    ['an unknown mode', { INPUT_MODE: 'merge' }, 'input-invalid'],
    ['a URL that is not http', { INPUT_URL: 'docs.example.test' }, 'input-invalid'],
    ['an author without an e-mail', { INPUT_AUTHOR: 'Docs Team' }, 'input-invalid'],
    ['a path outside the workspace', { INPUT_PATH: '../other' }, 'path-outside-workspace'],
    ['an absolute path elsewhere', { INPUT_PATH: '/etc' }, 'path-outside-workspace'],
    ['the workspace itself', { INPUT_PATH: './' }, 'path-outside-workspace'],
    ['a path in .git', { INPUT_PATH: '.git/hooks' }, 'path-outside-workspace'],
    ['no workspace', { GITHUB_WORKSPACE: undefined }, 'input-missing'],
    [
      'pull-request mode without GITHUB_REPOSITORY',
      { INPUT_MODE: 'pull-request' },
      'input-missing',
    ],
  ])('refuses %s', (_, change, code) => {
    expect(codeOf({ ...base, ...change })).toBe(code);
  });

  it('takes a space, an absolute path inside the workspace and pull-request mode', () => {
    const inputs = parseActionInputs({
      ...base,
      INPUT_SITE: undefined,
      INPUT_SPACE: 'space_1',
      INPUT_PATH: '/runner/work/repo/site/docs/',
      INPUT_MODE: 'pull-request',
      GITHUB_REPOSITORY: 'acme/docs',
      GITHUB_API_URL: 'https://ghe.example.test/api/v3/',
    });
    expect(inputs).toMatchObject({
      source: { space: 'space_1' },
      path: 'site/docs',
      mode: 'pull-request',
      repository: 'acme/docs',
      apiUrl: 'https://ghe.example.test/api/v3',
      pullRequestBranch: 'docsync/publish-space_1',
    });
  });
});

describe('parseIdentity and resolveRepoPath', () => {
  it('reads `Name <email>`', () => {
    expect(parseIdentity('Docs Bot <docs@example.test>', 'author')).toEqual({
      name: 'Docs Bot',
      email: 'docs@example.test',
    });
  });

  it('normalises a path inside the workspace', () => {
    expect(resolveRepoPath('/w', 'a/./b/../c')).toBe('a/c');
  });
});
