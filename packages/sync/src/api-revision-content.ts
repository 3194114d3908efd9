import type { Page, Revision } from '@docsync/api';
import type { JSONDocument, RevisionContent, RevisionPage } from '@docsync/core';

/** A document with no blocks: the service serves page bodies as markdown, not in the tree. */
const EMPTY_DOCUMENT: JSONDocument = { object: 'document', data: {}, nodes: [] };

function corePage(page: Page): RevisionPage | undefined {
  const common = {
    id: page.id,
    title: page.title,
    ...(page.hidden === undefined ? {} : { hidden: page.hidden }),
  };
  const children = (page.pages ?? []).flatMap((child) => corePage(child) ?? []);
  switch (page.type) {
    case 'document':
      return {
        ...common,
        type: 'document',
        slug: page.slug ?? '',
        path: page.path ?? '',
        document: EMPTY_DOCUMENT,
        pages: children,
        ...(page.git === undefined ? {} : { git: page.git }),
      };
    case 'group':
      return {
        ...common,
        type: 'group',
        slug: page.slug ?? '',
        path: page.path ?? '',
        pages: children,
      };
    case 'link':
      return {
        ...common,
        type: 'link',
        target: page.target ?? { kind: 'url', url: page.href ?? '' },
        ...(page.href === undefined ? {} : { href: page.href }),
      };
    default:
      // Computed pages are not written to git by the service.
      return undefined;
  }
}

/**
 * The revision the service describes, as core content: the page tree, files and variables,
 * with empty documents (page bodies come from the service as markdown) and no reusable
 * contents (the service does not serve their documents). Enough to write SUMMARY.md,
 * `.gitbook/vars.yaml` and the asset paths as the service's own writer does. Pure.
 */
export function apiRevisionContent(revision: Revision): RevisionContent {
  return {
    pages: revision.pages.flatMap((page) => corePage(page) ?? []),
    files: revision.files.map((file) => ({
      id: file.id,
      name: file.name,
      contentType: file.contentType,
      size: file.size,
      ...(file.git === undefined ? {} : { git: file.git }),
    })),
    reusableContents: [],
    variables: revision.variables,
  };
}
