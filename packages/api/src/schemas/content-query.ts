import { Type, type Static } from 'typebox';
import { ListQuery, StringEnum } from './common.js';
import { Page } from './page.js';
import { TemplateParams } from './template.js';

/** `metadata` and `computed`, taken by every content read. */
const contentProperties = {
  metadata: Type.Optional(
    Type.Boolean({ default: true, description: 'false omits the mutable git metadata.' }),
  ),
  computed: Type.Optional(
    Type.Boolean({ default: true, description: 'false returns computed pages uncomputed.' }),
  ),
};

/** Read content (a revision, its pages, a file). */
export const ContentQuery = Type.Object(contentProperties);
/** Read content. */
export type ContentQuery = Static<typeof ContentQuery>;

/** List the files of a revision. */
export const ListFilesQuery = ListQuery(contentProperties);
/** List the files of a revision. */
export type ListFilesQuery = Static<typeof ListFilesQuery>;

/** Read one page: as a JSON document or as markdown, with expressions evaluated or not. */
export const GetPageQuery = Type.Object({
  ...contentProperties,
  format: Type.Optional(StringEnum(['document', 'markdown'], { default: 'document' })),
  evaluated: Type.Optional(
    Type.Union([Type.Boolean(), Type.Literal('deterministic-only')], {
      default: false,
      description: '`deterministic-only` evaluates only expressions with deterministic inputs.',
    }),
  ),
  dereferenced: Type.Optional(
    Type.Union([Type.Boolean(), Type.Literal('reusable-contents')], {
      default: false,
      description:
        'true shows OpenAPI blocks as what they refer to in the organization’s specs (the operation, webhook or schemas), rendered into the document or markdown; `reusable-contents` changes nothing (docsync does not inline reusable contents).',
    }),
  ),
});
/** Read one page. */
export type GetPageQuery = Static<typeof GetPageQuery>;

/** The pages of a revision, as a tree. */
export const RevisionPages = Type.Object({ pages: Type.Array(Page) }, { title: 'RevisionPages' });
/** The pages of a revision. */
export type RevisionPages = Static<typeof RevisionPages>;

/** Apply a content template to a space, or to one of its change requests. */
export const ApplyTemplateBody = Type.Object(
  {
    id: Type.String({ description: 'Template id.' }),
    params: Type.Optional(TemplateParams),
    changeRequestId: Type.Optional(Type.String()),
  },
  { title: 'ApplyTemplateBody' },
);
/** Apply a content template. */
export type ApplyTemplateBody = Static<typeof ApplyTemplateBody>;
