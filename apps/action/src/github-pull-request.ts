import { ActionError } from './action-error.js';

/** Where GitHub's REST API is and how to call it. */
export interface GitHubApi {
  /** `https://api.github.com` (or a GitHub Enterprise Server's `/api/v3`). */
  apiUrl: string;
  /** `owner/name`. */
  repository: string;
  token: string;
  fetch: typeof globalThis.fetch;
}

/** The pull request to open, or to update when the branch already has an open one. */
export interface PullRequestInput {
  /** The branch holding the change (in the same repository). */
  head: string;
  /** The branch to merge into. */
  base: string;
  title: string;
  body: string;
}

/** An open pull request of the branch. */
export interface PullRequestResult {
  number: number;
  url: string;
  /** False when an open pull request of the branch was updated. */
  created: boolean;
}

interface PullRequestBody {
  number: number;
  html_url: string;
}

async function call(
  api: GitHubApi,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await api.fetch(`${api.apiUrl}${path}`, {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${api.token}`,
      'x-github-api-version': '2022-11-28',
      'user-agent': 'docsync-action',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text.slice(0, 300);
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // Not JSON: the start of the text says enough.
    }
    throw new ActionError(
      'github-api',
      `GitHub answered ${method} ${path} with HTTP ${String(response.status)}: ${message}`,
      { data: { status: response.status, method, path } },
    );
  }
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/**
 * Opens a pull request from `head` into `base`, or updates the title and body of the open one
 * `head` already has (`GET /repos/{owner}/{repo}/pulls?head=owner:branch&state=open`, then
 * `PATCH` or `POST`), so re-runs never open a second one.
 */
export async function openOrUpdatePullRequest(
  api: GitHubApi,
  input: PullRequestInput,
): Promise<PullRequestResult> {
  const owner = api.repository.split('/')[0] ?? '';
  const pulls = `/repos/${api.repository}/pulls`;
  const query = new URLSearchParams({ head: `${owner}:${input.head}`, state: 'open' });
  const open = (await call(api, 'GET', `${pulls}?${query.toString()}`)) as PullRequestBody[];
  const [existing] = open;
  if (existing !== undefined) {
    const updated = (await call(api, 'PATCH', `${pulls}/${String(existing.number)}`, {
      title: input.title,
      body: input.body,
    })) as PullRequestBody;
    return { number: updated.number, url: updated.html_url, created: false };
  }
  const created = (await call(api, 'POST', pulls, {
    title: input.title,
    head: input.head,
    base: input.base,
    body: input.body,
  })) as PullRequestBody;
  return { number: created.number, url: created.html_url, created: true };
}
