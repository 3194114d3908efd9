import type { Diagnostic } from '../../diagnostic.js';
import type { RevisionContent } from '../../model/revision.js';
import type { InventoryEntry } from './inventory.js';

/** One space's worth of imported content. */
export interface ImportedRevision {
  /** Stable within one import: the `docs.yaml` space key, or `docs` for a single-space tool. */
  key: string;
  title: string;
  content: RevisionContent;
}

/**
 * The content of an import in figures: words in the source pages and in the space (what a
 * migrating team checks nothing was lost), links and images resolved or not.
 */
export interface ContentSummary {
  pages: number;
  /** Words of the source pages' text (markup, tags and link targets left out). */
  wordsInSource: number;
  /** Words of the imported pages' text, titles included. */
  wordsInSpace: number;
  /** Source words (counted with repeats) the space's page does not hold, over all pages. */
  wordsLost: number;
  /** The pages that lost most words, with how many. */
  pagesLosingWords: { source: string; words: number }[];
  linksResolved: number;
  imagesResolved: number;
  filesResolved: number;
  /** Links that match nothing, and of those how many are broken in the source tree too. */
  linksBroken: number;
  linksBrokenInSource: number;
  imagesMissing: number;
  /**
   * Links and images to what the source site serves but the tree does not hold (its blog, its
   * other pages, a static folder left out), now pointing at the site's URL.
   */
  linksToSite: number;
  imagesFromSite: number;
  /** Links and images of that kind kept as written: the site's URL is not known. */
  toSiteKept: number;
}

/** What an import produced: revisions, one inventory line per source file, and every diagnostic. */
export interface ImportTreeResult {
  revisions: ImportedRevision[];
  inventory: InventoryEntry[];
  /** The content in figures (GitBook trees, which are imported as they are, have none). */
  summary?: ContentSummary;
  /** Every diagnostic of the import; those about a file carry its `path` (and are on its line). */
  diagnostics: Diagnostic[];
  /**
   * Folders the tree's own configuration reads from outside the tree (`../docs` of a site in
   * `website/` imported alone), relative to the tree's root: nothing of them was imported.
   */
  outsideTree?: string[];
}
