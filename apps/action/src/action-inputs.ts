import { isAbsolute, relative, resolve, sep } from 'node:path';
import { DEFAULT_PUBLISHED_MESSAGE } from '@docsync/sync';
import { ActionError } from './action-error.js';
/** Who a published commit is authored by unless `author` says otherwise. */
export const DEFAULT_AUTHOR = { name: 'docsync', email: 'docsync@users.noreply.docsync.dev' };
/**
 * Who commits: the identity GitHub documents for commits a workflow makes with its token, since
 * that is who writes them (the author is the content's source).
 */
export const GITHUB_ACTIONS_COMMITTER = {
  name: 'github-actions[bot]',
  email: '41898282+github-actions[bot]@users.noreply.github.com',
};

/** A name and an e-mail address. */
export interface Identity {
  name: string;
  email: string;
}

/** The action's inputs, checked. */
export interface ActionInputs {
  /** The docs service, without `/v1`. */
  url: string;
  token: string;
  source: { site: string; organization?: string } | { space: string };
  /** The repository (the runner's workspace). */
  workspace: string;
  /** The directory the content replaces, relative to the workspace, `/`-separated, never the root. */
  path: string;
  /** Default: the branch checked out in the workspace. */
  branch?: string;
  mode: 'commit' | 'pull-request';
  commitMessage: string;
  author: Identity;
  committer: Identity;
  /** Pushes and GitHub's REST API; action.yml defaults it to the workflow's token. */
  githubToken: string;
  /** Default `docsync/publish-<site or space id>`. */
  pullRequestBranch: string;
  /** `owner/name`, for the REST API (pull-request mode). */
  repository?: string;
  /** GitHub's REST API root. Default `https://api.github.com`. */
  apiUrl: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * An input as the runner passes it: `INPUT_<NAME>` with the name upper-cased and spaces as `_`
 * (hyphens stay); empty means not given.
 */
export function readInput(env: Env, name: string): string | undefined {
  const value = env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** `Name <email>`. */
export function parseIdentity(text: string, input: string): Identity {
  const match = /^(.+?)\s*<([^<>\s]+@[^<>\s]+)>$/.exec(text.trim());
  if (match?.[1] === undefined || match[2] === undefined)
    throw new ActionError(
      'input-invalid',
      `the input \`${input}\` is \`${text}\`; expected \`Name <email@example.com>\``,
    );
  return { name: match[1], email: match[2] };
}

/**
 * The directory `path` names inside the workspace, `/`-separated. Refuses a path that leaves the
 * workspace, the workspace itself (replacing the whole repository would delete every other file)
 * and anything in `.git`.
 */
export function resolveRepoPath(workspace: string, path: string): string {
  const inside = relative(workspace, resolve(workspace, path));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    throw new ActionError(
      'path-outside-workspace',
      inside === ''
        ? `the input \`path\` is \`${path}\`, the repository root; give a directory inside it (only that directory is replaced)`
        : `the input \`path\` is \`${path}\`, which is outside the workspace \`${workspace}\``,
      { data: { path } },
    );
  const posix = inside.split(sep).join('/');
  if (posix.split('/')[0] === '.git')
    throw new ActionError(
      'path-outside-workspace',
      `the input \`path\` is \`${path}\`, inside \`.git\``,
    );
  return posix;
}

function required(env: Env, name: string): string {
  const value = readInput(env, name);
  if (value === undefined)
    throw new ActionError('input-missing', `the input \`${name}\` is required and was not given`);
  return value;
}

/** Reads and checks the inputs from the runner's environment; throws {@link ActionError}. */
export function parseActionInputs(env: Env): ActionInputs {
  const url = required(env, 'url');
  if (!/^https?:\/\//.test(url))
    throw new ActionError(
      'input-invalid',
      `the input \`url\` is \`${url}\`; expected an http(s) URL`,
    );
  const token = required(env, 'token');
  const site = readInput(env, 'site');
  const space = readInput(env, 'space');
  if ((site === undefined) === (space === undefined))
    throw new ActionError(
      'input-invalid',
      site === undefined
        ? 'give the input `site` (a published site) or `space` (one space)'
        : 'give either the input `site` or `space`, not both',
    );
  const organization = readInput(env, 'organization');
  const workspace = env['GITHUB_WORKSPACE'];
  if (workspace === undefined || workspace === '')
    throw new ActionError(
      'input-missing',
      '`GITHUB_WORKSPACE` is not set; run the action in a job',
    );
  const mode = readInput(env, 'mode') ?? 'commit';
  if (mode !== 'commit' && mode !== 'pull-request')
    throw new ActionError(
      'input-invalid',
      `the input \`mode\` is \`${mode}\`; expected \`commit\` or \`pull-request\``,
    );
  // Pushes need it in both modes (action.yml defaults it to the workflow's token).
  const githubToken = required(env, 'github-token');
  const repository = env['GITHUB_REPOSITORY'];
  if (mode === 'pull-request') {
    if (repository === undefined || !/^[^/\s]+\/[^/\s]+$/.test(repository))
      throw new ActionError(
        'input-missing',
        '`GITHUB_REPOSITORY` (`owner/name`) is not set; pull-request mode needs it',
      );
  }
  const branch = readInput(env, 'branch');
  const id = site ?? space ?? '';
  return {
    url: url.replace(/\/+$/, ''),
    token,
    source:
      site !== undefined
        ? { site, ...(organization === undefined ? {} : { organization }) }
        : { space: space ?? '' },
    workspace: resolve(workspace),
    path: resolveRepoPath(resolve(workspace), readInput(env, 'path') ?? 'docs'),
    ...(branch === undefined ? {} : { branch }),
    mode,
    commitMessage: readInput(env, 'commit-message') ?? DEFAULT_PUBLISHED_MESSAGE,
    author: parseIdentity(
      readInput(env, 'author') ?? `${DEFAULT_AUTHOR.name} <${DEFAULT_AUTHOR.email}>`,
      'author',
    ),
    committer: GITHUB_ACTIONS_COMMITTER,
    githubToken,
    pullRequestBranch: readInput(env, 'pull-request-branch') ?? `docsync/publish-${id}`,
    ...(repository === undefined ? {} : { repository }),
    apiUrl: (env['GITHUB_API_URL'] ?? 'https://api.github.com').replace(/\/+$/, ''),
  };
}
