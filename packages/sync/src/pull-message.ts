import type { ChangeRequest } from '@docsync/api';
import type { SyncContext } from './read-sync-state.js';
import { DEFAULT_CHANGE_REQUEST_COMMIT_MESSAGE, DEFAULT_COMMIT_MESSAGE } from './sync-config.js';

/** Who docsync commits as (the committer of every pulled commit). */
export const DOCSYNC_IDENTITY = { name: 'docsync', email: 'docsync@users.noreply.docsync.dev' };

/** What a commit message template can name. */
export interface CommitMessageValues {
  /** The space's title. */
  space: string;
  /** The revision pulled. */
  revision: string;
  /** The merged change request's number (empty for content edited in the main content). */
  number?: number;
  /** The merged change request's subject. */
  subject?: string;
}

/** `{space}`, `{revision}`, `{number}` and `{subject}` filled in, in one pass. Pure. */
export function renderCommitMessage(template: string, values: CommitMessageValues): string {
  const filled: Record<string, string> = {
    space: values.space,
    revision: values.revision,
    number: values.number === undefined ? '' : String(values.number),
    subject: values.subject ?? '',
  };
  return template.replace(
    /\{(space|revision|number|subject)\}/g,
    (_, key: string) => filled[key] ?? '',
  );
}

/** The message and author of a commit that pull writes. */
export interface PullCommit {
  message: string;
  /** The person who made the change; docsync when the service does not say. */
  author: { name: string; email: string };
  /** The merged change request the content came from, if it did. */
  changeRequest: ChangeRequest | undefined;
}

/**
 * The change request whose merge made `revision`, if one did: a merged change request names
 * the revision its merge produced (`revisionMerged`).
 */
async function mergedChangeRequest(
  context: SyncContext,
  revision: string,
): Promise<ChangeRequest | undefined> {
  const merged = await context.client.api.listAll('listChangeRequestsForSpace', {
    params: { spaceId: context.config.space },
    query: { status: 'merged' },
  });
  return merged.find((item) => item.revisionMerged === revision);
}

/**
 * The commit a pull writes for the space's side: when the space's revision is a merged change
 * request, `changeRequestCommitMessage` (default `DOCSYNC-{number}: {subject}`) authored by the
 * change request's creator; otherwise `commitMessage` (default `docsync: sync from space
 * {space}`) authored by docsync (the API does not say who edited the main content).
 */
export async function fetchPullCommit(context: SyncContext, revision: string): Promise<PullCommit> {
  const { config } = context;
  const [space, changeRequest] = await Promise.all([
    context.client.api.request('getSpaceById', { params: { spaceId: config.space } }),
    mergedChangeRequest(context, revision),
  ]);
  const template =
    changeRequest === undefined
      ? (config.commitMessage ?? DEFAULT_COMMIT_MESSAGE)
      : (config.changeRequestCommitMessage ?? DEFAULT_CHANGE_REQUEST_COMMIT_MESSAGE);
  const message = renderCommitMessage(template, {
    space: space.title,
    revision,
    ...(changeRequest === undefined
      ? {}
      : { number: changeRequest.number, subject: changeRequest.subject }),
  });
  const creator = changeRequest?.createdBy;
  return {
    message: `${message}\n`,
    author:
      creator === undefined
        ? DOCSYNC_IDENTITY
        : { name: creator.displayName, email: creator.email ?? DOCSYNC_IDENTITY.email },
    changeRequest,
  };
}
