import { createHash } from 'node:crypto';
import type {
  Block,
  ComputedSource,
  OpenApiOperation,
  OpenApiSchemas,
  RevisionPage,
  RevisionPageComputed,
  RevisionPageDocument,
} from '@docsync/core';
import { slugify } from '../change-requests/content-changes/page-tree.js';
import { paragraphs } from './document-nodes.js';
import {
  operationTitle,
  specSchemas,
  specTagGroups,
  type SpecOperation,
  type SpecTagGroup,
} from './spec-contents.js';
import type { ResolvedSpec, SpecResolver } from './stored-specs.js';

/**
 * A page generated from a spec: a document page whose `computed` says what it was generated from
 * and whose `computedSeed` is the id of the computed page it was generated for, as GitBook's
 * `RevisionPageDocument` with `computed` and `computedSeed`.
 */
export interface GeneratedPage extends RevisionPageDocument {
  computed: ComputedSource;
  computedSeed: string;
}

/** Whether `page` was generated from a spec (and so has no file of its own). */
export function isGeneratedPage(page: RevisionPage): page is GeneratedPage {
  return page.type === 'document' && 'computedSeed' in page;
}

/** The spec slug a `builtin:openapi` source depends on (`dependencies.spec.ref.spec`). */
export function specSlugOf(source: ComputedSource): string | undefined {
  if (source.type !== 'builtin:openapi') return undefined;
  const spec = source.dependencies?.['spec'] as
    { ref?: { kind?: unknown; spec?: unknown } } | undefined;
  const ref = spec?.ref;
  return ref?.kind === 'openapi' && typeof ref.spec === 'string' && ref.spec !== ''
    ? ref.spec
    : undefined;
}

/**
 * An id derived from a computed page's id and what a generated page shows (its tag, its
 * operation): the same on every read, distinct per page; 20 characters like the ids core derives.
 */
function derivedId(seed: string, ...parts: string[]): string {
  const digest = createHash('sha256')
    .update([seed, ...parts].join('\u0000'))
    .digest();
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let id = '';
  for (let index = 0; index < 20; index++) id += alphabet.charAt((digest[index] ?? 0) % 62);
  return id;
}

/** Slugs unique among siblings: `slug`, then `slug-2`, `slug-3`… */
export function uniqueSlugs(taken: Iterable<string>): (title: string) => string {
  const used = new Set(taken);
  return (title) => {
    const base = slugify(title);
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
}

const join = (parent: string, slug: string) => (parent === '' ? slug : `${parent}/${slug}`);

/** The `openapi-operation` block of one operation of `spec`. */
export function operationBlock(spec: ResolvedSpec, operation: SpecOperation): OpenApiOperation {
  return {
    object: 'block',
    type: 'openapi-operation',
    isVoid: true,
    data: {
      path: operation.path,
      method: operation.method,
      ref: { kind: 'openapi', spec: spec.slug },
      specUrl: spec.url,
    },
  };
}

/**
 * The pages GitBook generates for a `builtin:openapi` computed page from the spec's latest
 * version: a page per tag (its description as the body), holding a page per operation (an
 * `openapi-operation` block) with `props.grouping: by-operation` or no grouping, or the
 * operations' blocks in the tag's page itself with `by-tag`; and a "Models" page (an
 * `openapi-schemas` block of every named schema) when `props.models` is true and the spec has
 * schemas. `slugOf` gives the generated pages beside the computed page slugs not taken there
 * (see {@link uniqueSlugs}).
 */
export function generatePages(
  page: RevisionPageComputed,
  spec: ResolvedSpec,
  slugOf: (title: string) => string,
): GeneratedPage[] {
  const props = page.computed.props;
  const byTag = props['grouping'] === 'by-tag';
  const seed = page.id;
  const source = (sourceProps: Record<string, unknown>): ComputedSource => ({
    type: 'builtin:openapi',
    dependencies: { spec: { ref: { kind: 'openapi', spec: spec.slug } } },
    props: sourceProps,
  });
  const generated = (
    fields: Pick<GeneratedPage, 'id' | 'title' | 'slug' | 'path' | 'computed'> & {
      description?: string | undefined;
      icon?: string | undefined;
    },
    nodes: Block[],
    pages: GeneratedPage[],
  ): GeneratedPage => {
    const { description, icon, ...rest } = fields;
    return {
      type: 'document',
      ...rest,
      ...(description === undefined ? {} : { description }),
      ...(icon === undefined ? {} : { icon }),
      computedSeed: seed,
      document: { object: 'document', data: {}, nodes },
      pages,
    };
  };

  const tagPage = (group: SpecTagGroup): GeneratedPage => {
    const slug = slugOf(group.title);
    const path = join(page.path, slug);
    const operationSlug = uniqueSlugs([]);
    const operations = group.operations.map((operation) => {
      const title = operationTitle(operation);
      const operationSlugged = operationSlug(title);
      return generated(
        {
          id: derivedId(seed, 'operation', operation.method.toUpperCase(), operation.path),
          title,
          slug: operationSlugged,
          path: join(path, operationSlugged),
          // GitBook's document source takes `doc` and `page` only: the operation goes in `page`.
          computed: source({
            doc: 'operations',
            page: `${group.tag}:${operation.method} ${operation.path}`,
          }),
        },
        [operationBlock(spec, operation)],
        [],
      );
    });
    return generated(
      {
        id: derivedId(seed, 'tag', group.tag),
        title: group.title,
        slug,
        path,
        description: group.pageDescription,
        icon: group.icon,
        computed: source({ doc: 'operations', page: group.tag }),
      },
      [
        ...paragraphs(group.description),
        ...(byTag ? group.operations.map((operation) => operationBlock(spec, operation)) : []),
      ],
      byTag ? [] : operations,
    );
  };

  const pages = specTagGroups(spec.document).map(tagPage);
  const schemaNames = Object.keys(specSchemas(spec.document));
  if (props['models'] === true && schemaNames.length > 0) {
    const slug = slugOf('Models');
    const models: OpenApiSchemas = {
      object: 'block',
      type: 'openapi-schemas',
      isVoid: true,
      data: { schemas: schemaNames, ref: { kind: 'openapi', spec: spec.slug }, specUrl: spec.url },
    };
    pages.push(
      generated(
        {
          id: derivedId(seed, 'models'),
          title: 'Models',
          slug,
          path: join(page.path, slug),
          computed: source({ doc: 'models' }),
        },
        [models],
        [],
      ),
    );
  }
  return pages;
}

/** The slugs of every `builtin:openapi` computed page among `pages`, at any depth. */
export function specSlugsIn(pages: readonly RevisionPage[], into: Set<string>): Set<string> {
  for (const page of pages) {
    if (page.type === 'computed') {
      const slug = specSlugOf(page.computed);
      if (slug !== undefined) into.add(slug);
    }
    if ('pages' in page) specSlugsIn(page.pages, into);
  }
  return into;
}

/**
 * The page tree with every `builtin:openapi` computed page whose spec resolves replaced by the
 * pages generated from the spec's latest version (followed by the computed page's own child
 * entries, if SUMMARY.md gave it any). A computed page whose spec is unknown, or has no version
 * yet (never processed, or its first processing failed), stays as it is: the read still answers.
 * `pages` is not changed; a tree without computed pages is returned as it is.
 */
export async function expandComputedPages(
  pages: readonly RevisionPage[],
  resolver: SpecResolver,
): Promise<readonly RevisionPage[]> {
  const slugs = [...specSlugsIn(pages, new Set())];
  if (slugs.length === 0) return pages;
  const specs = new Map(
    await Promise.all(slugs.map(async (slug) => [slug, await resolver.resolve(slug)] as const)),
  );
  const expand = (list: readonly RevisionPage[]): RevisionPage[] => {
    // One allocator per list: two computed pages side by side (GitBook exports write that) give
    // their tag pages distinct slugs.
    const slugOf = uniqueSlugs(list.flatMap((page) => ('slug' in page ? [page.slug] : [])));
    return list.flatMap((page): RevisionPage[] => {
      const children = 'pages' in page ? expand(page.pages) : undefined;
      const withChildren = children === undefined ? page : { ...page, pages: children };
      if (page.type !== 'computed') return [withChildren];
      const slug = specSlugOf(page.computed);
      const spec = slug === undefined ? undefined : specs.get(slug);
      if (spec === undefined) return [withChildren];
      return [...generatePages(page, spec, slugOf), ...(children ?? [])];
    });
  };
  return expand(pages);
}
