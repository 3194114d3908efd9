import type { RevisionPage } from '@docsync/core';
import { BadRequestError, NotFoundError } from '../errors.js';
import type { PdfPage } from './render-pdf.js';

/** Which pages of a revision a PDF shows. */
export interface PdfSelection {
  /** The page to export; absent: every page. */
  page?: string | undefined;
  /** Only `page`, without its subpages. */
  only?: boolean | undefined;
}

/**
 * Checks a selection against a page tree: `only` needs a `page` (400), and `page` must be a page
 * of the tree (404) that is not a link (400: a link has no content).
 */
export function checkPdfSelection(pages: readonly RevisionPage[], selection: PdfSelection): void {
  if (selection.only === true && selection.page === undefined)
    throw new BadRequestError(
      'query/only: `only` exports the page given by `page`, which is missing',
    );
  if (selection.page === undefined) return;
  const found = findPage(pages, selection.page);
  if (found === undefined) throw new NotFoundError('Page');
  if (found.type === 'link')
    throw new BadRequestError(
      `query/page: page \`${selection.page}\` is a link and has no content`,
    );
}

function findPage(pages: readonly RevisionPage[], id: string): RevisionPage | undefined {
  for (const page of pages) {
    if (page.id === id) return page;
    const inside = 'pages' in page ? findPage(page.pages, id) : undefined;
    if (inside !== undefined) return inside;
  }
  return undefined;
}

/**
 * The pages a PDF shows, in the order of the table of contents, parents before children: every
 * page; or `page` and its subpages; or, with `only`, `page` alone. Links have no content and are
 * left out; groups and computed pages show their title only.
 */
export function selectPdfPages(pages: readonly RevisionPage[], selection: PdfSelection): PdfPage[] {
  checkPdfSelection(pages, selection);
  const out: PdfPage[] = [];
  const walk = (list: readonly RevisionPage[], depth: number, descend: boolean) => {
    for (const page of list) {
      if (page.type === 'link') continue;
      out.push({
        title: page.title,
        description: page.type === 'document' ? page.description : undefined,
        document: page.type === 'document' ? page.document : undefined,
        depth,
      });
      if (descend) walk(page.pages, depth + 1, true);
    }
  };
  if (selection.page === undefined) walk(pages, 0, true);
  else {
    const root = findPage(pages, selection.page);
    if (root !== undefined) walk([root], 0, selection.only !== true);
  }
  return out;
}
