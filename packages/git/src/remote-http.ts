import git, { Errors, type HttpClient } from 'isomorphic-git';
import nodeHttp from 'isomorphic-git/http/node';
import { GitAdapterError, PushRejectedError, RemoteError } from './errors.js';
import { isoArgs, type RepoOptions } from './repo-options.js';

/** A remote reached over git's smart HTTP protocol (isomorphic-git speaks no other). */
export interface RemoteOptions extends RepoOptions {
  /** `http(s)://…`; credentials in it are never echoed in errors. */
  url: string;
  /** Sent with every request, e.g. `authorization` (never echoed in errors). */
  headers?: Record<string, string>;
  /** Default: isomorphic-git's Node client. */
  http?: HttpClient;
  /** The local name of the remote, for its tracking refs (`refs/remotes/<remote>/…`). Default `origin`. */
  remote?: string;
}

/** The URL without user name or password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//');
  }
}

function remoteFailure(url: string, error: unknown): GitAdapterError {
  if (error instanceof GitAdapterError) return error;
  const shown = redactUrl(url);
  if (error instanceof Errors.HttpError) {
    const status = error.data.statusCode;
    const why =
      status === 401 || status === 403
        ? `HTTP ${String(status)} (the credentials were refused or lack write access)`
        : status === 404
          ? 'HTTP 404 (no such repository, or no access to it)'
          : `HTTP ${String(status)} ${error.data.statusMessage}`;
    return new RemoteError(shown, why, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RemoteError(shown, message.split('\n')[0] ?? 'unknown error', { cause: error });
}

/** What isomorphic-git's fetch and push take: the repository, the remote's name, the transport. */
function remoteArgs(options: RemoteOptions) {
  return { ...isoArgs(options), remote: options.remote ?? 'origin', ...transport(options) };
}

function transport(options: RemoteOptions) {
  return {
    http: options.http ?? nodeHttp,
    url: options.url,
    headers: options.headers ?? {},
  };
}

/** The URL of a configured remote (`remote.<name>.url`), or null when it has none. */
export async function readRemoteUrl(
  options: RepoOptions & { remote?: string },
): Promise<string | null> {
  const args = isoArgs(options);
  const value: unknown = await git.getConfig({
    fs: args.fs,
    dir: args.dir,
    gitdir: args.gitdir,
    path: `remote.${options.remote ?? 'origin'}.url`,
  });
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Where a branch of the remote points, or null when the remote has no such branch. */
export async function readRemoteBranch(
  options: RemoteOptions & { branch: string },
): Promise<string | null> {
  const ref = `refs/heads/${options.branch}`;
  try {
    const refs = await git.listServerRefs({
      ...transport(options),
      prefix: ref,
      // The receive-pack advertisement (protocol v1): what a push will see, and it lists an
      // empty repository's capabilities where upload-pack's v1 answer is ambiguous.
      forPush: true,
      protocolVersion: 1,
    });
    return refs.find((item) => item.ref === ref)?.oid ?? null;
  } catch (error) {
    throw remoteFailure(options.url, error);
  }
}

/**
 * Fetches one branch of the remote (its new commits and their objects) into
 * `refs/remotes/<remote>/<branch>`; returns the commit it points at.
 */
export async function fetchRemoteBranch(
  options: RemoteOptions & { branch: string },
): Promise<string> {
  try {
    const result = await git.fetch({
      ...remoteArgs(options),
      ref: options.branch,
      singleBranch: true,
      tags: false,
    });
    if (result.fetchHead === null)
      throw new RemoteError(redactUrl(options.url), `it has no branch \`${options.branch}\``);
    return result.fetchHead;
  } catch (error) {
    throw remoteFailure(options.url, error);
  }
}

/**
 * Sets a branch of the remote to a commit of this repository, sending the objects it lacks. Only
 * a fast-forward unless `force`; the remote itself refuses the update when the branch moved since
 * it was read (its compare-and-swap), so a racing push never loses a commit silently. The local
 * branches are not touched; the tracking ref `refs/remotes/<remote>/<branch>` follows.
 */
export async function pushCommit(
  options: RemoteOptions & { oid: string; branch: string; force?: boolean },
): Promise<void> {
  const ref = `refs/heads/${options.branch}`;
  try {
    await git.push({
      ...remoteArgs(options),
      ref: options.oid,
      remoteRef: ref,
      force: options.force ?? false,
    });
  } catch (error) {
    if (error instanceof Errors.PushRejectedError)
      throw new PushRejectedError(
        ref,
        error.data.reason === 'not-fast-forward'
          ? 'not a fast-forward of the remote branch (it has commits the pushed one does not contain)'
          : error.data.reason,
        { cause: error },
      );
    if (error instanceof Errors.GitPushError)
      throw new PushRejectedError(ref, error.message.trim() || 'the update was refused', {
        cause: error,
      });
    if (error instanceof Errors.NotFoundError)
      // The remote's tip is not in this repository, so whether the push fast-forwards is unknown.
      throw new PushRejectedError(
        ref,
        'the remote branch points at a commit this repository lacks (fetch it first)',
        { cause: error },
      );
    throw remoteFailure(options.url, error);
  }
}
