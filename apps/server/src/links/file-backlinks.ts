import type { FileBacklink } from '@docsync/api';
import { NotFoundError } from '../errors.js';
import type { PageRequest } from '../pagination.js';
import type { DocumentStore } from '../content/content-documents.js';
import { pageByIndex } from './link-listing.js';
import type { LinkContext } from './resolve-links.js';
import { readRevisionLinks } from './revision-links.js';

/**
 * The places of a revision that refer to a file: one backlink per page whose content (or cover)
 * refers to it, in page order. 404 when the file is not in the revision.
 */
export async function fileBacklinks(
  store: DocumentStore,
  context: Omit<LinkContext, 'baseUrl'> & { revisionId: string; fileId: string },
  request: PageRequest,
): Promise<{ items: FileBacklink[]; count: number; next?: { page: string } }> {
  const links = await readRevisionLinks(store, context.revisionId);
  if (!links.files.has(context.fileId)) throw new NotFoundError('File');
  const pages = new Set<string>();
  for (const { pageId, ref } of links.occurrences)
    if (ref.kind === 'file' && ref.file === context.fileId) pages.add(pageId);
  const page = pageByIndex(
    [...pages].map((pageId, index) => ({ pageId, index })),
    request,
  );
  return {
    items: page.items.map(() => ({
      kind: 'file',
      organization: context.organizationId,
      space: context.spaceId,
      versionContext: { type: 'revision', revision: context.revisionId },
      file: context.fileId,
    })),
    count: pages.size,
    ...(page.next === undefined ? {} : { next: page.next }),
  };
}
