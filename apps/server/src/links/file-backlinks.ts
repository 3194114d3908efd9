import type { FileBacklink } from '@docsync/api';
import { NotFoundError } from '../errors.js';
import type { PageRequest } from '../pagination.js';
import type { DocumentStore } from '../content/content-documents.js';
import type { LinkLocator } from './link-locations.js';
import { pageByIndex } from './link-listing.js';
import { readRevisionLinks } from './revision-links.js';

/**
 * The places of a revision that refer to a file: one backlink per page whose content (or cover)
 * refers to it, in page order. 404 when the file is not in the revision.
 */
export async function fileBacklinks(
  store: DocumentStore,
  locator: LinkLocator,
  context: { revisionId: string; fileId: string },
  request: PageRequest,
): Promise<{ items: FileBacklink[]; count: number; next?: { page: string } }> {
  const links = await readRevisionLinks(store, context.revisionId);
  const backlink = locator.fileBacklink(context.fileId);
  if (!links.files.has(context.fileId) || backlink === undefined) throw new NotFoundError('File');
  const pages = new Set<string>();
  for (const { pageId, ref } of links.occurrences)
    if (ref.kind === 'file' && ref.file === context.fileId) pages.add(pageId);
  const page = pageByIndex(
    [...pages].map((pageId, index) => ({ pageId, index })),
    request,
  );
  return {
    items: page.items.map(() => backlink),
    count: pages.size,
    ...(page.next === undefined ? {} : { next: page.next }),
  };
}
