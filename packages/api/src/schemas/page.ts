import { Type, type Static } from 'typebox';
import { DateTime, StringEnum, Urls } from './common.js';
import { ContentRef, GitLocation, Variables } from './content-ref.js';
import { Document } from './document.js';

/** Kinds of pages; groups appear only at the top level. */
export const PageType = StringEnum(['document', 'group', 'link', 'computed'], {
  title: 'PageType',
});
/** A kind of page. */
export type PageType = Static<typeof PageType>;

/** Display options of a page (width and cover size as words, the rest shown or hidden). */
const PageLayout = Type.Object({
  width: Type.Optional(Type.String({ examples: ['default', 'wide'] })),
  cover: Type.Optional(Type.Boolean()),
  coverSize: Type.Optional(Type.String({ examples: ['hero', 'full'] })),
  title: Type.Optional(Type.Boolean()),
  description: Type.Optional(Type.Boolean()),
  tableOfContents: Type.Optional(Type.Boolean()),
  outline: Type.Optional(Type.Boolean()),
  pagination: Type.Optional(Type.Boolean()),
  metadata: Type.Optional(Type.Boolean()),
});

/** The properties of a page; `pages` refers back to Page, so it is declared as a cycle below. */
const pageProperties = {
  id: Type.String(),
  title: Type.String(),
  type: PageType,
  kind: Type.Optional(
    StringEnum(['sheet', 'group', 'link'], {
      description:
        "Deprecated twin of `type` that GitBook's client still requires (`sheet` for a document).",
    }),
  ),
  emoji: Type.Optional(Type.String()),
  icon: Type.Optional(Type.String()),
  createdAt: Type.Optional(DateTime()),
  updatedAt: Type.Optional(DateTime()),
  slug: Type.Optional(Type.String()),
  path: Type.Optional(Type.String({ description: 'Full path of the page in the revision.' })),
  description: Type.Optional(Type.String()),
  document: Type.Optional(Document),
  markdown: Type.Optional(
    Type.String({ description: 'The body as markdown (`format=markdown`).' }),
  ),
  urls: Type.Optional(Urls(['app'])),
  pages: Type.Optional(Type.Array(Type.Ref('Page'), { description: 'Child pages.' })),
  git: Type.Optional(GitLocation),
  layout: Type.Optional(PageLayout),
  cover: Type.Optional(
    Type.Object({
      ref: ContentRef,
      refDark: Type.Optional(ContentRef),
      yPos: Type.Optional(Type.Number()),
      height: Type.Optional(Type.Number()),
    }),
  ),
  variables: Type.Optional(Variables),
  hidden: Type.Optional(Type.Boolean()),
  noIndex: Type.Optional(Type.Boolean()),
  noRobotsIndex: Type.Optional(Type.Boolean()),
  metaLinks: Type.Optional(
    Type.Object({
      canonical: Type.Optional(ContentRef),
      alternates: Type.Optional(Type.Array(ContentRef)),
    }),
  ),
  // A link page points elsewhere: `target`, and the link as written when it is not a page.
  target: Type.Optional(ContentRef),
  href: Type.Optional(Type.String()),
  computed: Type.Optional(
    Type.Object({
      type: Type.String({ examples: ['builtin:openapi'] }),
      dependencies: Type.Optional(
        Type.Record(Type.String(), Type.Object({ ref: ContentRef }), {
          examples: [{ spec: { ref: { kind: 'openapi', spec: 'petstore' } } }],
        }),
      ),
      props: Type.Record(Type.String(), Type.Unknown(), { examples: [{ doc: 'models' }] }),
    }),
  ),
  computedSeed: Type.Optional(Type.String()),
};

/**
 * A page of a revision, with its children. One shape for every page type (the fields a type does
 * not use are absent) so that lists of pages stay a single schema.
 */
export const Page = Type.Cyclic({ Page: Type.Object(pageProperties, { title: 'Page' }) }, 'Page');

/**
 * The definition a schema that holds pages in more than one place puts among its own cyclic
 * definitions (as `Page`, referring to it with `Type.Ref('Page')`): a serializer cannot take two
 * copies of one definition in one schema.
 */
export const PageDefinition = Type.Object(pageProperties, { title: 'Page' });
/** A page of a revision, with its children. */
export type Page = Static<typeof Page>;
