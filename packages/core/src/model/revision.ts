import type { ContentRef } from './content-ref.js';
import type { JSONDocument } from './document.js';
import type { PageLayout, PageMetadata, PageTag } from './page-metadata.js';

/** Where a page or file lives in the git tree, and the blob id of its content there. */
export interface GitLocation {
  oid: string;
  path: string;
}

/** A computed page's source (`builtin:openapi`, `builtin:translation`, `integration:x:y`). */
export interface ComputedSource {
  type: string;
  props: Record<string, unknown>;
  dependencies?: Record<string, unknown>;
}

interface RevisionPageBase {
  id: string;
  title: string;
  /** The sidebar label when it differs from the title (SUMMARY.md link title). */
  linkTitle?: string;
  /** docsync: the SUMMARY.md link text when a hand-edited SUMMARY differs from the page title. */
  summaryTitle?: string;
  /**
   * docsync: the SUMMARY.md link text (a group's heading) as written when it is more than text:
   * code spans, emphasis… Written back while its text is the entry's title.
   */
  summaryMarkdown?: string;
  /**
   * docsync: the SUMMARY.md link destination as written when it escapes more than the exporter
   * would (`preface/01\\_intro-whatis.md`, the 2018–21 exporter); written back while it reads as
   * the page's path.
   */
  summaryPathMarkdown?: string;
  /** docsync: SUMMARY.md has a divider (`***`) right before this entry (a group's heading). */
  summaryDividerBefore?: true;
  hidden?: boolean;
}

/** A page with content. */
export interface RevisionPageDocument extends RevisionPageBase {
  type: 'document';
  slug: string;
  /** Full path of the page in the revision (`group/parent/page`). */
  path: string;
  description?: string;
  emoji?: string;
  icon?: string;
  layout?: PageLayout;
  cover?: { ref: ContentRef | { kind: 'url'; url: string }; yPos?: number; height?: number };
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  tags?: PageTag[];
  metaLinks?: PageMetadata['metaLinks'];
  condition?: string;
  variables?: Record<string, string | number | boolean>;
  /** Front matter docsync keeps but does not model (written back as it was). */
  extraFrontMatter?: Record<string, unknown>;
  /** Front matter that is not valid YAML, kept verbatim. */
  rawFrontMatter?: string;
  /** The front matter as written when not in the exporter's form (see `PageMetadata`). */
  frontMatterSource?: string;
  /** Whether the page file has a `# title` line (hand-written pages may not). */
  titleInFile?: boolean;
  /** The `# title` line's text as written, when it escapes more (see `PageMetadata`). */
  titleSource?: string;
  document: JSONDocument;
  pages: RevisionPage[];
  git?: GitLocation;
}

/** A top-level page group (`## Group` in SUMMARY.md). */
export interface RevisionPageGroup extends RevisionPageBase {
  type: 'group';
  slug: string;
  path: string;
  pages: RevisionPage[];
}

/** A link in the table of contents (external URL, another space, or an anchor of a page). */
export interface RevisionPageLink extends RevisionPageBase {
  type: 'link';
  target: ContentRef;
  /** The link as written in SUMMARY.md when it is not a page of this revision. */
  href?: string;
}

/** A page whose content is generated (OpenAPI reference pages). */
export interface RevisionPageComputed extends RevisionPageBase {
  type: 'computed';
  slug: string;
  path: string;
  computed: ComputedSource;
  pages: RevisionPage[];
}

/** Any page of a revision. */
export type RevisionPage =
  RevisionPageDocument | RevisionPageGroup | RevisionPageLink | RevisionPageComputed;

/** An uploaded file (`.gitbook/assets/…`). */
export interface RevisionFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Content-addressed: the git blob id of the bytes, also the blob store key. */
  git?: GitLocation;
}

/** A reusable content block (`.gitbook/includes/…`). */
export interface RevisionReusableContent {
  id: string;
  title: string;
  document: JSONDocument;
  git?: GitLocation;
}

/** The content of a space at one point: pages, files, reusable contents and variables. */
export interface RevisionContent {
  pages: RevisionPage[];
  files: RevisionFile[];
  reusableContents: RevisionReusableContent[];
  variables: Record<string, string | number | boolean>;
}
