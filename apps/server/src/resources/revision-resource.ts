import type { Revision } from '@docsync/api';
import type { RevisionPage } from '@docsync/core';
import type { StoredRevision } from '../content/stored-revision.js';
import { fileResource } from './file-resource.js';
import { pageResource } from './page-resource.js';
import { resourceUrls } from './resource-urls.js';

/** A revision as the API shows it: its pages as a tree (without documents) and its files. */
export function revisionResource(
  revision: StoredRevision,
  options: {
    baseUrl: string;
    spaceId: string;
    metadata: boolean;
    /** The pages to show instead of the revision's own (its computed pages expanded). */
    pages?: readonly RevisionPage[];
  },
): Revision {
  const { content } = revision;
  const revisionApp = resourceUrls.revisionApp(options.baseUrl, options.spaceId, revision.id);
  return {
    object: 'revision',
    id: revision.id,
    parents: revision.parentId === null ? [] : [revision.parentId],
    type: revision.type,
    createdAt: revision.createdAt,
    pages: (options.pages ?? content.pages).map((page) =>
      pageResource(page, { metadata: options.metadata, revisionApp }),
    ),
    files: content.files.map((file) => fileResource(file, options)),
    reusableContents: content.reusableContents.map((item) => ({
      id: item.id,
      title: item.title,
      ...(options.metadata && item.git !== undefined ? { git: item.git } : {}),
    })),
    variables: content.variables,
    // A revision records a commit only when it was imported from one: pushed to the service, not
    // written by it (the service never writes commits; `docsync pull` does, on the client).
    ...(options.metadata && revision.git !== undefined
      ? { git: { ...revision.git, createdByGitBook: false } }
      : {}),
    urls: { app: revisionApp },
  };
}
