/**
 * The table of contents an importer reads from its tool's configuration (a sidebar, a `nav`, the
 * folders), before pages are built: the shape every importer shares.
 */
export type NavNode = NavPage | NavSection | NavLink;

/** A source page; `title` is the navigation's label when it names the page differently. */
export interface NavPage {
  kind: 'page';
  source: string;
  title?: string;
  children: NavNode[];
}

/**
 * A section without a page of its own (a category, a `nav` section, a folder without an index):
 * GitBook pages with children hold content, so it becomes an empty page titled like the section.
 * `source` is the file that defined it (`_category_.json`), when there is one.
 */
export interface NavSection {
  kind: 'section';
  title: string;
  slug: string;
  source?: string;
  children: NavNode[];
}

/** An external link in the table of contents. */
export interface NavLink {
  kind: 'link';
  title: string;
  href: string;
}
