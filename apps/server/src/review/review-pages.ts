import {
  renderDocumentDiff,
  renderDocumentHtml,
  type ContentRef,
  type HtmlRenderOptions,
  type JSONDocument,
  type RevisionPage,
  type RevisionPageDocument,
} from '@docsync/core';
import { h } from 'hastscript';
import { toHtml } from 'hast-util-to-html';
import type { Caller } from '../auth/api-tokens.js';
import {
  requireChangeRequest,
  type ChangeRequestRow,
} from '../change-requests/change-request-row.js';
import { loadRevision } from '../content/load-revision.js';
import { revisionRows } from '../content/revision-rows.js';
import { spaceRevision } from '../content/space-revision.js';
import { EMPTY_DOCUMENT, type PageRow, type StoredRevision } from '../content/stored-revision.js';
import { NotFoundError } from '../errors.js';
import { documentUrl, pathOf, relativeHref } from '../published/relative-href.js';
import { renderSiteLayout, type LayoutNavEntry } from '../published/site-layout.js';
import { includedDocuments, navLinks } from '../published/site-page.js';
import { everyPage, sitePages, type SitePages } from '../published/site-pages.js';
import type { ServerContext } from '../server-context.js';
import { requireSpace } from '../spaces/space-access.js';

/** A request for a page of the review view. */
export interface ReviewRequest {
  spaceId: string;
  /** The change request's number, or undefined for the space's main content. */
  changeRequest?: string | undefined;
  /** The page's path (`''`: the first page); undefined for a change request's overview. */
  pagePath: string | undefined;
  requestPath: string;
}

/** The segment of a change request's first page (the one with the empty path). */
export const FIRST_PAGE = '~first';

/** The most changed pages a change request's summary shows rendered (the rest are listed). */
const DIFFS_SHOWN = 20;

/** Every page's document of a revision, for those of `ids`. */
async function documentsOf(
  ctx: ServerContext,
  revision: StoredRevision | undefined,
  ids: readonly string[],
): Promise<Map<string, JSONDocument>> {
  if (revision === undefined || ids.length === 0) return new Map();
  const loaded = await loadRevision(ctx, revision.id, { documents: ids, shared: true });
  return new Map(
    everyPage(loaded?.content.pages ?? []).flatMap((page) =>
      page.type === 'document' && ids.includes(page.id) ? [[page.id, page.document]] : [],
    ),
  );
}

/** The pages whose content or fields differ between two revisions, by id (added and removed too). */
async function changedPageIds(
  ctx: ServerContext,
  baseId: string,
  headId: string,
): Promise<string[]> {
  const [base, head] = await Promise.all([revisionRows(ctx, baseId), revisionRows(ctx, headId)]);
  const none = new Map<string, PageRow>();
  const before = base?.pages ?? none;
  const after = head?.pages ?? none;
  return [...new Set([...before.keys(), ...after.keys()])].filter((id) => {
    const a = before.get(id);
    const b = after.get(id);
    return a?.documentHash !== b?.documentHash || a?.fieldsText !== b?.fieldsText;
  });
}

/**
 * A page of the review view at `urls.app` (read-only, for members who may read the space): the
 * space's page tree and a page rendered as on a site; for a change request, its subject, status,
 * changed pages with a rendered diff each, and its comments.
 */
export async function renderReviewPage(
  ctx: ServerContext,
  caller: Caller,
  request: ReviewRequest,
): Promise<string> {
  const { space } = await requireSpace(ctx.db, caller, request.spaceId, { clock: ctx.clock });
  const cr =
    request.changeRequest === undefined
      ? undefined
      : await requireChangeRequest(ctx.db, space.id, request.changeRequest);
  const head =
    cr === undefined
      ? await spaceRevision(ctx, space, { shared: true })
      : await loadRevision(ctx, cr.head_revision_id, { shared: true });
  if (head === undefined) throw new NotFoundError('Revision');
  const base =
    cr === undefined ? undefined : await loadRevision(ctx, cr.base_revision_id, { shared: true });
  const pages = sitePages(head.content.pages, () => true);
  const basePages = sitePages(base?.content.pages ?? [], () => true);
  const root =
    cr === undefined
      ? pathOf(['app', 's', space.id])
      : pathOf(['app', 's', space.id, '~', 'changes', String(cr.number)]);
  const to = (path: string) => relativeHref(request.requestPath, path);
  const hrefOfPage = (page: RevisionPageDocument) => {
    const first = cr === undefined ? '' : `/${FIRST_PAGE}`;
    return to(`${root}${page.path === '' ? first : pathOf(page.path.split('/'))}`);
  };
  // Includes are read for the documents shown, once they are known.
  const includes = new Map<string, JSONDocument>();
  const addIncludes = async (documents: Iterable<JSONDocument | undefined>) => {
    for (const document of documents)
      if (document !== undefined)
        for (const [id, included] of await includedDocuments(ctx, head.id, document))
          includes.set(id, included);
  };
  const fileHref = (fileId: string) => to(`${root}/~files/${encodeURIComponent(fileId)}`);
  const options = renderOptions(pages, head, hrefOfPage, fileHref, includes);

  let title: string;
  let contentHtml: string;
  let current: RevisionPageDocument | undefined;
  if (cr !== undefined && request.pagePath === undefined) {
    title = cr.subject === '' ? `Change request #${cr.number}` : cr.subject;
    contentHtml = await changeRequestSummary(ctx, cr, addIncludes, {
      base,
      head,
      pages,
      basePages,
      options,
      hrefOfPage,
    });
  } else {
    const path = request.pagePath ?? '';
    current = path === '' ? pages.first : pages.byPath.get(path);
    if (current === undefined) throw new NotFoundError('Page');
    title = current.title;
    const after = (await documentsOf(ctx, head, [current.id])).get(current.id) ?? EMPTY_DOCUMENT;
    await addIncludes([after]);
    if (cr === undefined) contentHtml = renderDocumentHtml(after, options).html;
    else {
      const before = basePages.byId.has(current.id)
        ? (await documentsOf(ctx, base, [current.id])).get(current.id)
        : undefined;
      contentHtml = renderDocumentDiff(before, after, options).html;
    }
  }
  const nav: LayoutNavEntry[] = [
    ...(cr === undefined
      ? []
      : [
          {
            kind: 'link' as const,
            title: `#${cr.number} overview`,
            href: to(root),
            children: [],
            ...(current === undefined ? { current: true } : {}),
          },
        ]),
    ...navLinks(pages, hrefOfPage, () => undefined, current?.id),
  ];
  return renderSiteLayout({
    siteTitle: `${space.title} — review`,
    title,
    homeHref: to(pathOf(['app', 's', space.id])),
    assetsHref: to('/app/~static/'),
    sections: [],
    variants: [],
    nav,
    contentHtml,
    outline: [],
    noIndex: true,
    ...(cr === undefined
      ? {}
      : {
          bannerHtml: toHtml(
            h('p', [
              h('span', { className: ['ds-status'] }, cr.status),
              ` Change request #${cr.number} in ${space.title}`,
            ]),
          ),
        }),
  });
}

/** Links of a rendered page of the review view: pages of the revision, files by blob. */
function renderOptions(
  pages: SitePages,
  revision: StoredRevision,
  hrefOfPage: (page: RevisionPageDocument) => string,
  fileHref: (fileId: string) => string,
  includes: ReadonlyMap<string, JSONDocument>,
): HtmlRenderOptions {
  const page = (ref: ContentRef): RevisionPage | undefined => {
    const id = ref.kind === 'page' || ref.kind === 'anchor' ? ref.page : undefined;
    return id === undefined ? undefined : pages.byId.get(id);
  };
  return {
    links: {
      href(ref) {
        if (ref.kind === 'url') return documentUrl(ref.url);
        const target = page(ref);
        if (target?.type !== 'document')
          return ref.kind === 'anchor' && ref.page === undefined ? `#${ref.anchor}` : undefined;
        return `${hrefOfPage(target)}${ref.kind === 'anchor' ? `#${ref.anchor}` : ''}`;
      },
      title: (ref) => page(ref)?.title,
      file(ref) {
        if (ref.kind === 'url') {
          const url = documentUrl(ref.url);
          return url === undefined ? undefined : { url };
        }
        const file = revision.content.files.find((item) => item.id === ref.file);
        return file === undefined ? undefined : { url: fileHref(file.id), name: file.name };
      },
    },
    variables: { space: revision.content.variables },
    reusableContent: (ref) => includes.get(ref.reusableContent),
  };
}

/** A change request's overview: its changed pages, each rendered as a diff, and its comments. */
async function changeRequestSummary(
  ctx: ServerContext,
  cr: ChangeRequestRow,
  addIncludes: (documents: Iterable<JSONDocument | undefined>) => Promise<void>,
  parts: {
    base: StoredRevision | undefined;
    head: StoredRevision;
    pages: SitePages;
    basePages: SitePages;
    options: HtmlRenderOptions;
    hrefOfPage: (page: RevisionPageDocument) => string;
  },
): Promise<string> {
  const changed = await changedPageIds(ctx, cr.base_revision_id, cr.head_revision_id);
  const shown = changed.slice(0, DIFFS_SHOWN);
  const [before, after] = await Promise.all([
    documentsOf(ctx, parts.base, shown),
    documentsOf(ctx, parts.head, shown),
  ]);
  await addIncludes([...before.values(), ...after.values()]);
  const sections = changed.map((id, index) => {
    const now = parts.pages.byId.get(id);
    const then = parts.basePages.byId.get(id);
    const title = now?.title ?? then?.title ?? id;
    const kind = then === undefined ? 'added' : now === undefined ? 'deleted' : 'changed';
    const heading = h('h2', [
      now?.type === 'document' ? h('a', { href: parts.hrefOfPage(now) }, title) : title,
      ` (${kind})`,
    ]);
    if (index >= DIFFS_SHOWN) return h('section', [heading]);
    const diff = renderDocumentDiff(before.get(id), after.get(id), parts.options);
    return h('section', { className: ['ds-review-page'] }, [
      heading,
      { type: 'raw', value: diff.html } as never,
    ]);
  });
  const comments = await ctx.db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .select(['comments.body', 'comments.status', 'comments.posted_at', 'users.display_name'])
    .where('comments.change_request_id', '=', cr.id)
    .orderBy('comments.posted_at')
    .orderBy('comments.id')
    .execute();
  return toHtml(
    [
      h('p', `${changed.length} ${changed.length === 1 ? 'page' : 'pages'} changed.`),
      ...sections,
      h('section', { className: ['ds-comments'] }, [
        h('h2', `Comments (${comments.length})`),
        ...comments.map((comment) =>
          h('article', { className: ['ds-comment'] }, [
            h('p', [
              h('strong', comment.display_name),
              ` · ${comment.posted_at} · ${comment.status}`,
            ]),
            h('p', { style: 'white-space:pre-wrap' }, comment.body),
          ]),
        ),
      ]),
    ],
    { allowDangerousHtml: true },
  );
}
