import * as fc from 'fast-check';
import type { Block, Paragraph } from '../model/blocks.js';
import type { JSONDocument } from '../model/document.js';
import type { LinkInline } from '../model/inlines.js';
import type {
  RevisionContent,
  RevisionFile,
  RevisionPage,
  RevisionPageDocument,
} from '../model/revision.js';
import { contentTypeOf } from '../tree/content-type.js';
import { gitBlobId } from '../tree/git-blob-id.js';
import { slugify } from '../tree/slugify.js';
import { document, plainText } from './arbitraries.js';

/**
 * fast-check arbitraries for revisions in the form the tree writer and reader agree on: page
 * trees up to three levels deep (with `##` groups), documents from `arbitraries.ts`, links from
 * pages to other pages and to files, page options, and files whose names collide. Every page has
 * a git location, as a revision that was synced has, so that reading a tree against it keeps ids.
 */

/** A page before ids and paths are given: a title, options, a document and children. */
interface PageShape {
  title: string;
  description: string | undefined;
  hidden: boolean;
  icon: string | undefined;
  document: JSONDocument;
  /** Which other page (by index in document order) and which file the page links to. */
  linkTo: number;
  fileTo: number;
  children: PageShape[];
}

const title = fc
  .array(fc.stringMatching(/^[A-Za-z][a-z0-9]{0,7}$/), { minLength: 1, maxLength: 3 })
  .map((words) => words.join(' '));

const pageShape: fc.Memo<PageShape> = fc.memo((depth) =>
  fc.record({
    title,
    description: fc.option(plainText, { nil: undefined }),
    hidden: fc.boolean(),
    icon: fc.option(fc.constantFrom('house', 'book', 'gear'), { nil: undefined }),
    document,
    linkTo: fc.nat(),
    fileTo: fc.nat(),
    children: depth <= 1 ? fc.constant([]) : fc.array(pageShape(depth - 1), { maxLength: 3 }),
  }),
);

const fileShape = fc.record({
  name: fc.constantFrom('image.png', 'diagram.svg', 'report.pdf', 'photo (1).jpg', 'notes'),
  content: fc.stringMatching(/^[a-z]{1,12}$/),
});

const text = (value: string): Paragraph['nodes'][number] => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: [] }],
});

/** A paragraph linking to a page and maybe a file, as the reader resolves relative links. */
function linksParagraph(page: string, file: string | undefined): Block {
  const link = (
    ref: { kind: 'page'; page: string } | { kind: 'file'; file: string },
  ): LinkInline => ({
    object: 'inline',
    type: 'link',
    data: { ref },
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: `a ${ref.kind}`, marks: [] }] }],
  });
  const nodes: Paragraph['nodes'] = [
    text('See '),
    link({ kind: 'page', page }),
    ...(file === undefined
      ? [text(' and nothing else.')]
      : [text(' and '), link({ kind: 'file', file }), text('.')]),
  ];
  return { object: 'block', type: 'paragraph', data: {}, nodes };
}

/** Revision content: a landing page, pages and groups, files, no includes or variables. */
export const revisionContent: fc.Arbitrary<RevisionContent> = fc
  .record({
    landing: pageShape(1),
    ungrouped: fc.array(pageShape(3), { maxLength: 3 }),
    groups: fc.array(fc.tuple(title, fc.array(pageShape(3), { minLength: 1, maxLength: 3 })), {
      maxLength: 2,
    }),
    files: fc.array(fileShape, { maxLength: 4 }),
  })
  .map(({ landing, ungrouped, groups, files }) => {
    // Names as GitBook gives them: the upload's name, ` (n)` on a collision.
    const taken = new Set<string>();
    const revisionFiles: RevisionFile[] = files.map((file, index) => {
      let name: string = file.name;
      for (let n = 1; taken.has(name); n++) {
        const dot = file.name.lastIndexOf('.');
        name =
          dot > 0
            ? `${file.name.slice(0, dot)} (${n})${file.name.slice(dot)}`
            : `${file.name} (${n})`;
      }
      taken.add(name);
      return {
        id: `file-${index}`,
        name,
        contentType: contentTypeOf(name),
        size: file.content.length,
        git: { oid: gitBlobId(file.content), path: `.gitbook/assets/${name}` },
      };
    });
    // Paths as the writer derives them (slugs made unique by index), recorded as git locations.
    const built: [RevisionPageDocument, PageShape][] = [];
    const build = (shape: PageShape, dir: string, urlDir: string, isLanding = false) => {
      const index = built.length;
      const slug = isLanding ? 'readme' : `${slugify(shape.title) || 'page'}-${index}`;
      const path = isLanding
        ? 'README.md'
        : `${dir}${slug}${shape.children.length > 0 ? '/README.md' : '.md'}`;
      const urlPath = isLanding ? '' : `${urlDir}${slug}`;
      const page: RevisionPageDocument = {
        type: 'document',
        id: `page-${index}`,
        title: shape.title,
        ...(shape.description === undefined ? {} : { description: shape.description }),
        ...(shape.icon === undefined ? {} : { icon: shape.icon }),
        ...(shape.hidden ? { hidden: true } : {}),
        slug,
        path: urlPath,
        document: shape.document,
        pages: [],
        git: { oid: gitBlobId(`page ${index}`), path },
      };
      built.push([page, shape]);
      page.pages = shape.children.map((child) => build(child, `${dir}${slug}/`, `${urlPath}/`));
      return page;
    };
    const pages: RevisionPage[] = [
      build(landing, '', '', true),
      ...ungrouped.map((shape) => build(shape, '', '')),
      ...groups.map(([groupTitle, shapes], index): RevisionPage => {
        const slug = `${slugify(groupTitle) || 'group'}-g${index}`;
        return {
          type: 'group',
          id: `group-${index}`,
          title: groupTitle,
          slug,
          path: slug,
          pages: shapes.map((shape) => build(shape, `${slug}/`, `${slug}/`)),
        };
      }),
    ];
    // Links last, once every page has its id.
    for (const [page, shape] of built) {
      const target = built[shape.linkTo % built.length]?.[0].id ?? page.id;
      const file = revisionFiles[shape.fileTo % Math.max(1, revisionFiles.length)]?.id;
      page.document = {
        ...page.document,
        nodes: [...page.document.nodes, linksParagraph(target, file)],
      };
    }
    return { pages, files: revisionFiles, reusableContents: [], variables: {} };
  });
