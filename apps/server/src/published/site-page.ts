import {
  renderDocumentHtml,
  type ContentRef,
  type JSONDocument,
  type RevisionPage,
  type RevisionPageDocument,
} from '@docsync/core';
import { loadDocuments } from '../content/content-documents.js';
import { revisionRows } from '../content/revision-rows.js';
import { spaceRevision } from '../content/space-revision.js';
import type { StoredRevision } from '../content/stored-revision.js';
import { readJson } from '../resources/json-column.js';
import { isGeneratedPage } from '../openapi-specs/computed-pages.js';
import { dereferenceOpenApiBlocks } from '../openapi-specs/render-openapi-blocks.js';
import { specResolver, type SpecResolver } from '../openapi-specs/stored-specs.js';
import type { ServerContext } from '../server-context.js';
import type { SiteSpaceRow } from '../sites/site-tree.js';
import type { StoredReusableContent } from '../content/reusable-contents.js';
import { documentUrl, pathOf, relativeHref } from './relative-href.js';
import { siteSpaceSegments, type SiteAddress } from './site-addresses.js';
import {
  renderSiteLayout,
  type LayoutLink,
  type LayoutNavEntry,
  type SiteLayout,
} from './site-layout.js';
import { navAncestry, type NavEntry, type SitePages } from './site-pages.js';
import { siteSpaceIndex } from './site-index.js';
import type { SiteVisit } from './site-visit.js';

/** A site space's content as a reader of the site reads it. */
export interface SiteSpaceContent {
  siteSpace: SiteSpaceRow;
  revision: StoredRevision;
  pages: SitePages;
  specs: SpecResolver;
  /** The stored document of each page of the revision, by page id (null: none). */
  documentHashes: ReadonlyMap<string, string | null>;
}

/** The server path of the site's address (`/sites/<id>`). */
export function siteRoot(visit: SiteVisit): string {
  return pathOf(['sites', visit.site.id]);
}

/** The server path of a page (the empty path: the site space's own address). */
export function pageServerPath(
  visit: SiteVisit,
  siteSpace: SiteSpaceRow,
  pagePath: string,
): string {
  const segments = [...siteSpaceSegments(visit, siteSpace), ...pagePath.split('/').filter(Boolean)];
  return `${siteRoot(visit)}${segments.length === 0 ? '' : pathOf(segments)}`;
}

/**
 * Reads the page tree of a site space's current revision, computed pages expanded, as the reader
 * reads it. The walked tree (navigation, reading order, pages by path and id) is kept per site
 * space, revision, specs and the reader's claims (see `site-index.ts`): a page of a site of
 * 10,000 pages costs what that page and its navigation cost, not a walk of the whole tree.
 */
export async function readSiteSpace(
  ctx: ServerContext,
  visit: SiteVisit,
  siteSpace: SiteSpaceRow,
  baseUrl: string,
): Promise<SiteSpaceContent> {
  const revision = await spaceRevision(ctx, siteSpace.space, { shared: true });
  const specs = specResolver(ctx.db, ctx.caches, visit.site.organization_id, baseUrl);
  const index = await siteSpaceIndex(ctx, visit, revision, specs, baseUrl);
  return { siteSpace, revision, specs, pages: index.pages, documentHashes: index.documentHashes };
}

/** The document of a page: generated pages carry theirs, stored ones are loaded by hash. */
async function pageDocument(
  ctx: ServerContext,
  content: SiteSpaceContent,
  page: RevisionPageDocument,
): Promise<JSONDocument> {
  if (isGeneratedPage(page)) return page.document;
  const hash = content.documentHashes.get(page.id);
  if (hash === undefined || hash === null) return page.document;
  return (await loadDocuments(ctx, [hash])).get(hash) ?? page.document;
}

/** The ids of the reusable contents a document includes. */
function includedIds(document: JSONDocument): string[] {
  const ids: string[] = [];
  const walk = (nodes: readonly unknown[]) => {
    for (const node of nodes) {
      const item = node as {
        type?: string;
        data?: { ref?: ContentRef };
        nodes?: unknown[];
        fragments?: { nodes: unknown[] }[];
      };
      if (item.type === 'reusable-content' && item.data?.ref?.kind === 'reusable-content')
        ids.push(item.data.ref.reusableContent);
      if (Array.isArray(item.nodes)) walk(item.nodes);
      for (const fragment of item.fragments ?? []) walk(fragment.nodes);
    }
  };
  walk(document.nodes);
  return ids;
}

/** The documents of the reusable contents `document` includes, and of those they include. */
export async function includedDocuments(
  ctx: ServerContext,
  revisionId: string,
  document: JSONDocument,
): Promise<Map<string, JSONDocument>> {
  const rows = await revisionRows(ctx, revisionId);
  const stored =
    rows === undefined
      ? []
      : (readJson(rows.revision.reusable_contents) as StoredReusableContent[]);
  const found = new Map<string, JSONDocument>();
  let wanted = includedIds(document);
  for (let depth = 0; depth < 4 && wanted.length > 0; depth++) {
    const items = stored.filter((item) => wanted.includes(item.id) && !found.has(item.id));
    const documents = await loadDocuments(
      ctx,
      items.map((item) => item.document),
    );
    wanted = [];
    for (const item of items) {
      const loaded = documents.get(item.document);
      if (loaded === undefined) continue;
      found.set(item.id, loaded);
      wanted.push(...includedIds(loaded));
    }
  }
  return found;
}

/**
 * The navigation of a site space as links: the top level and groups in full, and below them the
 * children of the current page and of its ancestors (the rest folded, so a page of a site of
 * 10,000 pages does not carry them all; previous/next still lead through every page).
 */
export function navLinks(
  pages: SitePages,
  href: (page: RevisionPageDocument) => string,
  linkHref: (page: Extract<NavEntry, { kind: 'link' }>['page']) => string | undefined,
  currentId: string | undefined,
): LayoutNavEntry[] {
  const open = navAncestry(pages, currentId);
  const links = (list: readonly NavEntry[]): LayoutNavEntry[] =>
    list.flatMap((entry): LayoutNavEntry[] => {
      if (entry.kind === 'group')
        return [{ kind: 'group', title: entry.title, children: links(entry.children) }];
      if (entry.kind === 'link') {
        const target = linkHref(entry.page);
        const title = entry.page.linkTitle ?? entry.page.title;
        return target === undefined ? [] : [{ kind: 'link', title, href: target, children: [] }];
      }
      return [
        {
          kind: 'link',
          title: entry.page.linkTitle ?? entry.page.title,
          href: href(entry.page),
          ...(entry.page.id === currentId ? { current: true } : {}),
          children: open.has(entry.page.id) ? links(entry.children) : [],
        },
      ];
    });
  return links(pages.nav);
}

/** The sections across the top, as links from the page at `requestPath`. */
export function sectionLinks(
  visit: SiteVisit,
  here: SiteSpaceRow | undefined,
  to: (path: string) => string,
): SiteLayout['sections'] {
  const { tree } = visit;
  if (!tree.hasSections) return [];
  const shown = new Set(visit.sections.map((row) => row.id));
  const linkOf = (sectionId: string): LayoutLink[] => {
    const section = tree.section(sectionId);
    const first =
      visit.siteSpaces.find((row) => row.section_id === sectionId && Boolean(row.is_default)) ??
      visit.siteSpaces.find((row) => row.section_id === sectionId);
    if (section === undefined || first === undefined) return [];
    return [
      {
        title: section.title,
        href: to(pageServerPath(visit, first, '')),
        ...(here?.section_id === sectionId ? { current: true } : {}),
      },
    ];
  };
  return tree.childrenOf(null).flatMap((child): SiteLayout['sections'] => {
    if (child.kind === 'section') return shown.has(child.row.id) ? linkOf(child.row.id) : [];
    const sections = tree
      .sectionsUnder(child.row.id)
      .filter((row) => shown.has(row.id))
      .flatMap((row) => linkOf(row.id));
    return sections.length === 0 ? [] : [{ group: child.row.title, sections }];
  });
}

/** Options of {@link renderSitePage}. */
export interface SitePageRequest {
  /** The path the page was asked at: every link of the page is relative to it. */
  requestPath: string;
  baseUrl: string;
}

/**
 * The HTML of a page of a published site, or undefined when the address names no page the reader
 * may read. Links to pages of the site (of this space or another it publishes) lead to their
 * address on the site; files load from the site; includes, variables and OpenAPI blocks are
 * filled in; adaptive content the reader's claims do not allow is left out.
 */
export async function renderSitePage(
  ctx: ServerContext,
  visit: SiteVisit,
  address: SiteAddress,
  request: SitePageRequest,
): Promise<string | undefined> {
  const content = await readSiteSpace(ctx, visit, address.siteSpace, request.baseUrl);
  const page =
    address.pagePath === '' ? content.pages.first : content.pages.byPath.get(address.pagePath);
  if (page === undefined) return undefined;
  const to = (serverPath: string) => relativeHref(request.requestPath, serverPath);
  const here = address.siteSpace;
  const pageHref = (target: RevisionPageDocument) =>
    to(pageServerPath(visit, here, target === content.pages.first ? '' : target.path));

  // Other spaces the page links to, read only when it does: their page trees map ids to paths.
  const raw = await pageDocument(ctx, content, page);
  const document = await dereferenceOpenApiBlocks(raw, content.specs);
  const others = new Map<string, SiteSpaceContent>();
  for (const spaceId of linkedSpaces(document, here.space_id)) {
    const row = visit.siteSpaces.find((item) => item.space_id === spaceId);
    if (row !== undefined)
      others.set(spaceId, await readSiteSpace(ctx, visit, row, request.baseUrl));
  }
  const includes = await includedDocuments(ctx, content.revision.id, document);

  const target = (
    ref: ContentRef,
  ): { content: SiteSpaceContent; page: RevisionPage | undefined } | undefined => {
    const spaceId = (ref as { space?: string }).space ?? here.space_id;
    const within = spaceId === here.space_id ? content : others.get(spaceId);
    if (within === undefined) return undefined;
    const pageId = ref.kind === 'page' ? ref.page : ref.kind === 'anchor' ? ref.page : undefined;
    return {
      content: within,
      page:
        pageId === undefined
          ? ref.kind === 'anchor'
            ? page
            : within.pages.first
          : within.pages.byId.get(pageId),
    };
  };
  const hrefOf = (ref: ContentRef): string | undefined => {
    if (ref.kind === 'url') return documentUrl(ref.url);
    if (ref.kind === 'file') return fileHref(ref.file);
    if (ref.kind !== 'page' && ref.kind !== 'anchor' && ref.kind !== 'space') return undefined;
    const found = target(ref);
    if (found?.page === undefined) return undefined;
    if (found.page.type === 'link')
      return found.page.target.kind === 'url' ? documentUrl(found.page.target.url) : undefined;
    if (found.page.type !== 'document') return undefined;
    const first = found.page === found.content.pages.first;
    const path = pageServerPath(visit, found.content.siteSpace, first ? '' : found.page.path);
    return ref.kind === 'anchor'
      ? `${found.page.id === page.id ? '' : to(path)}#${ref.anchor}`
      : to(path);
  };
  const fileHref = (fileId: string) => {
    const file = content.revision.content.files.find((item) => item.id === fileId);
    return file === undefined
      ? undefined
      : to(
          `${siteRoot(visit)}/~files/${encodeURIComponent(here.id)}/${encodeURIComponent(file.id)}`,
        );
  };
  const rendered = renderDocumentHtml(document, {
    links: {
      href: hrefOf,
      title: (ref) => target(ref)?.page?.title,
      file: (ref) => {
        if (ref.kind === 'url') {
          const url = documentUrl(ref.url);
          return url === undefined ? undefined : { url };
        }
        const url = fileHref(ref.file);
        const name = content.revision.content.files.find((item) => item.id === ref.file)?.name;
        return url === undefined ? undefined : { url, ...(name === undefined ? {} : { name }) };
      },
    },
    variables: {
      space: content.revision.content.variables,
      ...(page.variables === undefined ? {} : { page: page.variables }),
    },
    reusableContent: (ref) => includes.get(ref.reusableContent),
    condition: (expression) => visit.holds(expression),
    searchHref: to(`${siteRoot(visit)}/~search`),
  });

  const index = content.pages.position.get(page.id) ?? -1;
  const neighbour = (at: number): LayoutLink | undefined => {
    const item = content.pages.ordered[at];
    return item === undefined ? undefined : { title: item.title, href: pageHref(item) };
  };
  const siblings = visit.siteSpaces.filter((row) => row.section_id === here.section_id);
  return renderSiteLayout({
    siteTitle: visit.site.title,
    title: page.title,
    description: page.description,
    homeHref: to(siteRoot(visit)),
    searchHref: to(`${siteRoot(visit)}/~search`),
    assetsHref: to(`${siteRoot(visit)}/~static/`),
    sections: sectionLinks(visit, here, to),
    variants: siblings.map((row) => ({
      title: row.space.title,
      href: to(pageServerPath(visit, row, '')),
      ...(row.id === here.id ? { current: true } : {}),
    })),
    nav: navLinks(content.pages, pageHref, (link) => hrefOf(link.target), page.id),
    contentHtml: rendered.html,
    outline: rendered.outline,
    previous: index > 0 ? neighbour(index - 1) : undefined,
    next: index >= 0 ? neighbour(index + 1) : undefined,
    noIndex:
      visit.site.visibility !== 'public' || page.noIndex === true || page.noRobotsIndex === true,
  });
}

/** The spaces other than `own` whose pages or anchors a document links to. */
function linkedSpaces(document: JSONDocument, own: string): Set<string> {
  const spaces = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      const ref = value as { kind?: unknown; space?: unknown };
      if (
        (ref.kind === 'page' || ref.kind === 'anchor' || ref.kind === 'space') &&
        typeof ref.space === 'string' &&
        ref.space !== own
      )
        spaces.add(ref.space);
      Object.values(value).forEach(walk);
    }
  };
  walk(document.nodes);
  return spaces;
}
