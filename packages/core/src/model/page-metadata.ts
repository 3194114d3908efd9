/** Page layout options as written in front matter (`layout:`); every key optional. */
export interface PageLayout {
  width?: 'default' | 'wide';
  cover?: { visible?: boolean; size?: 'full' | 'hero' | 'background'; mask?: string };
  title?: { visible?: boolean };
  description?: { visible?: boolean };
  tableOfContents?: { visible?: boolean };
  outline?: { visible?: boolean };
  pagination?: { visible?: boolean };
  metadata?: { visible?: boolean };
  tags?: { visible?: boolean };
  actions?: { visible?: boolean };
}

/** A page tag reference; one may be primary. */
export type PageTag = string | { tag: string; primary?: boolean };

/** What a page file says about the page besides its body. */
export interface PageMetadata {
  /** From the first `# H1`; absent when the file has none (the SUMMARY title is used then). */
  title?: string;
  /**
   * The title as the H1 wrote it (`# F.3. auth\_delay`), when it escapes more than the exporter
   * would; written back while it still reads as `title` (as `Leaf.source` does for text).
   */
  titleSource?: string;
  description?: string;
  icon?: string;
  emoji?: string;
  /** Cover image: a relative asset path or URL as written. */
  cover?: string;
  coverY?: number;
  coverHeight?: number;
  layout?: PageLayout;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  tags?: PageTag[];
  metaLinks?: { canonical?: string; alternates?: string[] };
  /** Adaptive-content condition of the whole page. */
  if?: string;
  vars?: Record<string, string | number | boolean>;
  /**
   * The `title:` key: the block's name in `.gitbook/includes/*.md` (pages carry their title as
   * the H1; a `title:` key on a page is kept but GitBook ignores it).
   */
  frontMatterTitle?: string;
  /**
   * Front-matter keys docsync does not model, kept in their order so they are written back
   * (each is also reported as a diagnostic).
   */
  extraFrontMatter?: Record<string, unknown>;
  /** Front matter that is not valid YAML (or not a mapping), kept verbatim and reported. */
  rawFrontMatter?: string;
  /**
   * The front matter's YAML as written, when GitBook's exporter would write what it says
   * otherwise (quotes, scalar forms, comments, key order): written back instead while it says
   * the same as the other fields.
   */
  frontMatterSource?: string;
}
