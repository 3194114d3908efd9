import {
  ContentLinkListing,
  FileBacklink,
  ListContentLinksQuery,
  ListOf,
  PaginationQuery,
} from '@docsync/api';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { NotFoundError } from '../errors.js';
import { operation, type Call, type Operation } from '../http/operation.js';
import { fileBacklinks } from '../links/file-backlinks.js';
import { LinkLocator, type LocatedContent } from '../links/link-locations.js';
import { linkListing } from '../links/link-listing.js';
import { resolveLinks, type ResolvedLink } from '../links/resolve-links.js';
import { readRevisionLinks } from '../links/revision-links.js';
import { requireSpace } from '../spaces/space-access.js';

/** The revision links are read from, once the caller's access to its space is checked. */
interface LinkedContent extends LocatedContent {
  spaceId: string;
  organizationId: string;
  /** A change request's merge base, to count the broken links it adds. */
  baseRevisionId?: string;
}

type AnyCall = Call<string, unknown, unknown>;

/** The path parameters naming the content: the space, and the change request if any. */
type ContentParam = 'spaceId' | 'changeRequestId';

/** A space's current revision (view access needed; 404 otherwise). */
async function spaceContent({ params, caller, ctx }: AnyCall): Promise<LinkedContent> {
  const spaceId = params['spaceId'] ?? '';
  const { space, level } = await requireSpace(ctx.db, caller, spaceId, { clock: ctx.clock });
  return {
    space,
    level,
    spaceId: space.id,
    organizationId: space.organization_id,
    revisionId: space.revision_id,
  };
}

/** A change request's head, and its merge base (view access to the space needed). */
async function changeRequestContent(call: AnyCall): Promise<LinkedContent> {
  const content = await spaceContent(call);
  const row = await requireChangeRequest(
    call.ctx.db,
    content.spaceId,
    call.params['changeRequestId'] ?? '',
  );
  return { ...content, revisionId: row.head_revision_id, baseRevisionId: row.base_revision_id };
}

/** The resolved links of a revision, or of one of its pages (404 when it has no such page). */
async function resolvedLinks(
  call: AnyCall,
  content: LinkedContent,
  revisionId: string,
  pageId: string | undefined,
): Promise<ResolvedLink[] | undefined> {
  const links = await readRevisionLinks(
    call.ctx,
    revisionId,
    pageId === undefined ? {} : { pageId },
  );
  if (pageId !== undefined && !links.pages.has(pageId)) return undefined;
  return resolveLinks(call.ctx.db, links, {
    spaceId: content.spaceId,
    organizationId: content.organizationId,
    baseUrl: call.baseUrl,
  });
}

/** How many of `head`'s broken links `base` does not have broken too (the same target). */
function brokenAdded(head: readonly ResolvedLink[], base: readonly ResolvedLink[]): number {
  const before = new Map<string, number>();
  for (const link of base.filter((link) => link.status === 'broken')) {
    const key = JSON.stringify(link.ref);
    before.set(key, (before.get(key) ?? 0) + 1);
  }
  let added = 0;
  for (const link of head.filter((link) => link.status === 'broken')) {
    const key = JSON.stringify(link.ref);
    const left = before.get(key) ?? 0;
    if (left > 0) before.set(key, left - 1);
    else added++;
  }
  return added;
}

/**
 * The page links and file backlinks of whatever `resolve` finds for a request: the space and
 * the change request answer them the same way (a change request also counts the broken links
 * it adds).
 */
function contentLinkReads(
  ids: { pageLinks: string; fileBacklinks: string },
  params: readonly ContentParam[],
  resolve: (call: AnyCall) => Promise<LinkedContent>,
): Operation[] {
  return [
    operation(
      ids.pageLinks,
      { params: [...params, 'pageId'], query: ListContentLinksQuery, response: ContentLinkListing },
      async (call) => {
        const content = await resolve(call);
        const { pageId } = call.params;
        const links = await resolvedLinks(call, content, content.revisionId, pageId);
        if (links === undefined) throw new NotFoundError('Page');
        // A page the change request added has no links at the merge base: all its broken are new.
        const added =
          content.baseRevisionId === undefined
            ? 0
            : brokenAdded(
                links,
                (await resolvedLinks(call, content, content.baseRevisionId, pageId)) ?? [],
              );
        return linkListing(links, await LinkLocator.open(call, content), call.query, added);
      },
    ),
    operation(
      ids.fileBacklinks,
      { params: [...params, 'fileId'], query: PaginationQuery, response: ListOf(FileBacklink) },
      async (call) => {
        const content = await resolve(call);
        return fileBacklinks(
          call.ctx,
          await LinkLocator.open(call, content),
          { revisionId: content.revisionId, fileId: call.params.fileId },
          call.query,
        );
      },
    ),
  ];
}

/**
 * Links and backlinks: the links of a space's content and of one page (of the space or of a
 * change request), with their status, and the pages that refer to a file.
 */
export const contentLinkOperations: readonly Operation[] = [
  operation(
    'listSpaceLinks',
    { params: ['spaceId'], query: ListContentLinksQuery, response: ContentLinkListing },
    async (call) => {
      const content = await spaceContent(call);
      const links = await resolvedLinks(call, content, content.revisionId, undefined);
      return linkListing(links ?? [], await LinkLocator.open(call, content), call.query);
    },
  ),
  ...contentLinkReads(
    { pageLinks: 'listPageLinks', fileBacklinks: 'listFileBacklinks' },
    ['spaceId'],
    spaceContent,
  ),
  ...contentLinkReads(
    { pageLinks: 'listChangeRequestPageLinks', fileBacklinks: 'listChangeRequestFileBacklinks' },
    ['spaceId', 'changeRequestId'],
    changeRequestContent,
  ),
];
