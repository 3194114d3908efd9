import { revisionToTree, type RevisionPageDocument, type TreeFile } from '@docsync/core';
import type { StoredRevision } from './stored-revision.js';

/**
 * A page's file as Git Sync writes it: where core's `revisionToTree` places it in the whole
 * revision's layout (its recorded path, else its parent's folder and its slug, the landing page
 * where `.gitbook.yaml` says), and its markdown. Links, images and includes become paths relative
 * to that file, which depend on where every other page and file lives, so the revision is laid
 * out whole; only this page is rendered, and the revision passed in only needs its document.
 */
export function pageFile(revision: StoredRevision, page: RevisionPageDocument): TreeFile {
  const written = revisionToTree(revision.content, {
    config: revision.config,
    onlyPages: new Set([page.id]),
  });
  const [file, ...others] = written.files;
  if (file?.text === undefined || others.length > 0)
    throw new Error(`page \`${page.id}\` was not written as one file`);
  return file;
}

/**
 * A page as markdown: the file Git Sync writes for it (see {@link pageFile}), so the service and
 * the sync clients agree byte for byte.
 */
export function pageMarkdown(revision: StoredRevision, page: RevisionPageDocument): string {
  return pageFile(revision, page).text as string;
}
