import { revisionToTree, type RevisionPage, type RevisionPageDocument } from '@docsync/core';
import type { StoredRevision } from './read-revision.js';

/** The page's file in the tree: where it was read from, or where docsync would write it. */
export function pageFilePath(page: RevisionPageDocument, root: string): string {
  if (page.git !== undefined) return page.git.path;
  const relative =
    page.path === ''
      ? 'README.md'
      : page.pages.length > 0
        ? `${page.path}/README.md`
        : `${page.path}.md`;
  return root === '' ? relative : `${root}/${relative}`;
}

/**
 * Gives the page with `pageId` a file path when it has none, so the page is found after writing.
 * Only that page and its ancestors are new objects; the rest (possibly frozen) is shared.
 */
function placed(
  pages: readonly RevisionPage[],
  pageId: string,
  root: string,
): readonly RevisionPage[] {
  const out = pages.map((page) => {
    if (page.type === 'link') return page;
    const children = placed(page.pages, pageId, root);
    if (page.type === 'document' && page.id === pageId && page.git === undefined) {
      return {
        ...page,
        pages: children as RevisionPage[],
        git: { oid: '', path: pageFilePath(page, root) },
      };
    }
    if (children === page.pages) return page;
    return { ...page, pages: children as RevisionPage[] };
  });
  return out.some((page, index) => page !== pages[index]) ? out : pages;
}

/**
 * A page as markdown: the file Git Sync writes for it, so the service and the sync clients agree
 * byte for byte. The revision is written as a tree because links, images and includes become
 * paths relative to the page's file, which depend on where every other page and file lives; the
 * revision passed in only needs this page's document: only this page is rendered.
 */
export function pageMarkdown(revision: StoredRevision, page: RevisionPageDocument): string {
  const root = revision.config.root;
  const content = {
    ...revision.content,
    pages: placed(revision.content.pages, page.id, root) as RevisionPage[],
  };
  const path = pageFilePath(page, root);
  const written = revisionToTree(content, {
    config: revision.config,
    onlyPages: new Set([page.id]),
  });
  const file = written.files.find((candidate) => candidate.path === path);
  if (file?.text === undefined)
    throw new Error(`page \`${page.id}\` was not written at \`${path}\``);
  return file.text;
}
