import type { Diagnostic } from '../../diagnostic.js';
import type { ContentRef } from '../../model/content-ref.js';
import type { JSONDocument } from '../../model/document.js';
import type { RevisionContent, RevisionFile, RevisionPage } from '../../model/revision.js';
import { mapRefs } from '../../tree/content-refs.js';
import { contentTypeOf } from '../../tree/content-type.js';
import { stableId } from '../../tree/git-blob-id.js';
import { basename } from '../../tree/paths.js';
import { slugify } from '../../tree/slugify.js';
import type { TreeFile } from '../../tree/tree-file.js';
import type { ImportedPage } from './imported-page.js';
import type { NavNode } from './nav-node.js';
import { splitLink } from './split-link.js';

/** What a link or image path found in a page points at, as an importer resolves it. */
export type LinkTarget =
  | { kind: 'page'; source: string; anchor?: string }
  | { kind: 'asset'; path: string }
  /**
   * A path the source site serves that the tree does not hold (a blog post, a page or static
   * file of the site's own): a link to `url`, the site's address for it, when the site's URL is
   * known; kept as written otherwise.
   */
  | { kind: 'site'; path: string; url?: string };

/**
 * Resolves a path written in the page `from` (never an external URL or a bare `#anchor`:
 * those are kept as written); `undefined` when nothing in the tree matches (a broken link).
 */
export type ResolveLink = (url: string, from: string) => LinkTarget | undefined;

/** What {@link buildRevision} needs: the converted pages and the navigation placing them. */
export interface BuildRevisionInput {
  nav: readonly NavNode[];
  pages: ReadonlyMap<string, ImportedPage>;
  filesByPath: ReadonlyMap<string, TreeFile>;
  namespace: string;
  resolveLink: ResolveLink;
}

/** The revision content, and where each source file went. */
export interface BuiltRevision {
  content: RevisionContent;
  pageIdBySource: Map<string, string>;
  /** The empty pages made for sections, by the file that defined them (`_category_.json`). */
  sectionIdBySource: Map<string, string>;
  /** Links and images between the tree's files: how many resolved, and the ones that did not. */
  references: ReferenceCounts;
  fileIdBySource: Map<string, string>;
  /** Diagnostics raised while placing pages and resolving links, each with its file's path. */
  diagnostics: Diagnostic[];
}

const external = /^([a-z][a-z0-9+.-]*:|\/\/)/i;
const imageName = /\.(png|jpe?g|gif|svg|webp|avif|bmp|ico)$/i;

/** What became of the links and images written in the imported pages. */
export interface ReferenceCounts {
  linksResolved: number;
  imagesResolved: number;
  /** Other files (downloads) the pages link to. */
  filesResolved: number;
  /**
   * Those matching nothing: `inSource` when the source tree lacks the file the path names too
   * (a relative or file path), so the link is broken on the source site as well; otherwise it
   * names a route the imported folders do not hold (a blog post, a page of the site's own).
   */
  broken: { source: string; url: string; image: boolean; inSource: boolean }[];
  /** Links and images to what the source site serves outside the tree, now at its URL. */
  toSite: { links: number; images: number };
  /** Those kept as written, the site's URL being unknown. */
  toSiteKept: number;
}

/**
 * Builds revision content from converted pages: the page tree from the navigation (sections
 * become empty pages, a page listed twice is a link to its first place, pages the navigation
 * leaves out are added hidden so links to them still resolve), ids derived from the namespace and
 * source path, links and images resolved to page and file refs, each asset uploaded once (by blob
 * id) however many pages use it.
 */
export function buildRevision(input: BuildRevisionInput): BuiltRevision {
  const { namespace } = input;
  const diagnostics: Diagnostic[] = [];
  const pageIdBySource = new Map<string, string>();
  for (const source of input.pages.keys())
    pageIdBySource.set(source, stableId(namespace, 'page', source));

  const sectionIdBySource = new Map<string, string>();
  const placed = new Set<string>();
  const documents: { page: RevisionPage & { type: 'document' }; source: string }[] = [];
  const build = (nodes: readonly NavNode[], parentPath: string): RevisionPage[] => {
    const slugs = new Set<string>();
    const uniqueSlug = (wanted: string) => {
      const base = wanted === '' ? 'page' : wanted;
      let slug = base;
      for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
      slugs.add(slug);
      return slug;
    };
    return nodes.flatMap((node): RevisionPage[] => {
      if (node.kind === 'link')
        return [
          {
            type: 'link',
            id: stableId(namespace, 'link', parentPath, node.href, node.title),
            title: node.title,
            target: { kind: 'url', url: node.href },
            href: node.href,
          },
        ];
      if (node.kind === 'section') {
        const slug = uniqueSlug(node.slug || slugify(node.title));
        const path = parentPath === '' ? slug : `${parentPath}/${slug}`;
        const id = stableId(namespace, 'section', path);
        if (node.source !== undefined) sectionIdBySource.set(node.source, id);
        return [
          {
            type: 'document',
            id,
            title: node.title,
            slug,
            path,
            document: { object: 'document', data: {}, nodes: [] },
            pages: build(node.children, path),
          },
        ];
      }
      const imported = input.pages.get(node.source);
      const id = pageIdBySource.get(node.source);
      if (imported === undefined || id === undefined) return build(node.children, parentPath);
      if (placed.has(node.source)) {
        diagnostics.push({
          path: node.source,
          ruleId: 'listed-twice',
          severity: 'info',
          message: 'the navigation lists this page twice; its second place is a link to the first',
        });
        return [
          {
            type: 'link',
            id: stableId(namespace, 'link', parentPath, node.source),
            title: node.title ?? imported.title,
            target: { kind: 'page', page: id },
          },
        ];
      }
      placed.add(node.source);
      const slug = uniqueSlug(imported.slug);
      const path = parentPath === '' ? slug : `${parentPath}/${slug}`;
      const linkTitle = node.title ?? imported.linkTitle;
      const page: RevisionPage & { type: 'document' } = {
        type: 'document',
        id,
        title: imported.title,
        ...(linkTitle === undefined || linkTitle === imported.title ? {} : { linkTitle }),
        ...imported.fields,
        slug,
        path,
        document: imported.document,
        pages: [],
      };
      documents.push({ page, source: node.source });
      page.pages = build(node.children, path);
      return [page];
    });
  };
  const pages = build(input.nav, '');
  const unplaced = [...input.pages.keys()].filter((source) => !placed.has(source));
  for (const source of unplaced)
    diagnostics.push({
      path: source,
      ruleId: 'not-in-navigation',
      severity: 'warning',
      message: 'the navigation does not list this page; imported as a hidden page',
    });
  const hiddenPages = build(
    unplaced.map((source) => ({ kind: 'page', source, children: [] })),
    '',
  );
  for (const page of hiddenPages) page.hidden = true;
  pages.push(...hiddenPages);

  // Links and images: a file is uploaded once per blob id, in the order pages first use it.
  const files: RevisionFile[] = [];
  const fileIdByOid = new Map<string, string>();
  const fileIdBySource = new Map<string, string>();
  // Where a Git Sync export puts uploads (GitBook's ` (1)` suffix when two share a name): the
  // source path is the inventory's, not the space's.
  const assetPaths = new Set<string>();
  const assetPath = (name: string): string => {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let path = `.gitbook/assets/${name}`;
    for (let n = 1; assetPaths.has(path); n++) path = `.gitbook/assets/${stem} (${n})${extension}`;
    assetPaths.add(path);
    return path;
  };
  const fileRef = (path: string): ContentRef | undefined => {
    const known = fileIdBySource.get(path);
    if (known !== undefined) return { kind: 'file', file: known };
    const tree = input.filesByPath.get(path);
    if (tree === undefined) return undefined;
    let id = fileIdByOid.get(tree.oid);
    if (id === undefined) {
      id = stableId(namespace, 'file', path);
      fileIdByOid.set(tree.oid, id);
      const name = basename(path);
      files.push({
        id,
        name,
        contentType: contentTypeOf(name),
        size: tree.size,
        git: { oid: tree.oid, path: assetPath(name) },
      });
    }
    fileIdBySource.set(path, id);
    return { kind: 'file', file: id };
  };
  const references: ReferenceCounts = {
    linksResolved: 0,
    imagesResolved: 0,
    filesResolved: 0,
    broken: [],
    toSite: { links: 0, images: 0 },
    toSiteKept: 0,
  };
  const report = (source: string, url: string, diagnostic: Omit<Diagnostic, 'path' | 'line'>) => {
    const line = lineOfText(input.filesByPath.get(source)?.text, url);
    diagnostics.push({ path: source, ...(line === undefined ? {} : { line }), ...diagnostic });
  };
  const resolveDocument = (document: JSONDocument, source: string): JSONDocument =>
    mapRefs(document, (ref) => {
      if (ref.kind !== 'url' || typeof ref.url !== 'string') return undefined;
      const url = ref.url;
      if (url === '' || url.startsWith('#') || external.test(url)) return ref;
      const target = input.resolveLink(url, source);
      if (target?.kind === 'site') {
        const image = imageName.test(splitLink(url).path);
        if (target.url === undefined) {
          references.toSiteKept++;
          report(source, url, {
            ruleId: 'site-link-unknown',
            severity: 'warning',
            message: `\`${url}\` is \`${target.path}\` of the source site, which the tree does not hold, and the site's URL is unknown; kept as written (pass --site-url to link it to the site)`,
          });
          return ref;
        }
        if (image) references.toSite.images++;
        else references.toSite.links++;
        report(source, url, {
          ruleId: 'site-link',
          severity: 'info',
          message: `\`${url}\` is served by the source site, not held by the tree: ${image ? 'the image is shown from' : 'linked to'} ${target.url}`,
        });
        return { ...ref, url: target.url };
      }
      const resolved =
        target?.kind === 'asset'
          ? fileRef(target.path)
          : target === undefined
            ? undefined
            : pageRef(target.source, target.anchor);
      const path = splitLink(url).path;
      if (resolved !== undefined) {
        if (resolved.kind !== 'file') references.linksResolved++;
        else if (imageName.test(path)) references.imagesResolved++;
        else references.filesResolved++;
        return resolved;
      }
      references.broken.push({
        source,
        url,
        image: imageName.test(path),
        // A relative path, or one naming a page or image file, is a file the source tree lacks.
        inSource: !path.startsWith('/') || /\.(mdx?|markdown)$/i.test(path) || imageName.test(path),
      });
      report(source, url, {
        ruleId: 'broken-link',
        severity: 'warning',
        message: `\`${url}\` matches no page or file of the tree; kept as written`,
      });
      return ref;
    });
  const pageRef = (source: string, anchor: string | undefined): ContentRef | undefined => {
    const page = pageIdBySource.get(source);
    if (page === undefined) return undefined;
    return anchor === undefined || anchor === ''
      ? { kind: 'page', page }
      : { kind: 'anchor', page, anchor };
  };
  for (const entry of documents)
    entry.page.document = resolveDocument(entry.page.document, entry.source);

  return {
    content: { pages, files, reusableContents: [], variables: {} },
    pageIdBySource,
    sectionIdBySource,
    fileIdBySource,
    references,
    diagnostics,
  };
}

/** The line of `text` where `url` is first written (1-based), when it is. */
function lineOfText(text: string | undefined, url: string): number | undefined {
  const at = text?.indexOf(url) ?? -1;
  if (text === undefined || at < 0) return undefined;
  let line = 1;
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < at;
    index = text.indexOf('\n', index + 1)
  )
    line++;
  return line;
}
