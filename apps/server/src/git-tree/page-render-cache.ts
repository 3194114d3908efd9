import { ConversionCache, type TreeFile } from '@docsync/core';

/**
 * Core's conversion cache, also telling which file each page was written as. `revisionToTree`
 * returns files without the page they hold; the listing needs that page id, and it learns it here
 * (rendering goes through `renderFile` with the key `page:<id>`). The reuse itself is core's: a
 * page is rendered again unless its fields are the same values, at the same path, with every path
 * its links looked up unchanged.
 */
export class PageRenderCache extends ConversionCache {
  #written = new Map<string, TreeFile>();
  /** The last file written for each page (the same objects core's cache keeps). */
  readonly #last = new Map<string, TreeFile>();
  /** The length of the texts in {@link #last}. */
  #textLength = 0;

  override renderFile(...args: Parameters<ConversionCache['renderFile']>): TreeFile {
    const file = super.renderFile(...args);
    const key = args[0];
    if (key.startsWith('page:')) {
      const pageId = key.slice('page:'.length);
      this.#written.set(pageId, file);
      this.#textLength += (file.text?.length ?? 0) - (this.#last.get(pageId)?.text?.length ?? 0);
      this.#last.set(pageId, file);
    }
    return file;
  }

  /** The text of the last file written for the page, when its blob id is `oid`. */
  textOf(pageId: string, oid: string): string | undefined {
    const file = this.#last.get(pageId);
    return file?.oid === oid ? file.text : undefined;
  }

  /** The length of the last text of every page: about what the cache holds. */
  textLength(): number {
    return this.#textLength;
  }

  /**
   * The page files written since the last call, by page id, and forgets them. Rendering is
   * synchronous, so called right after `revisionToTree` this is exactly that render's pages.
   */
  takeWritten(): Map<string, TreeFile> {
    const written = this.#written;
    this.#written = new Map();
    return written;
  }
}
