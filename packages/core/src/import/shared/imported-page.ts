import type { Diagnostic } from '../../diagnostic.js';
import type { JSONDocument } from '../../model/document.js';
import type { RevisionPageDocument } from '../../model/revision.js';

/** A source page converted, before it has a place in the tree. */
export interface ImportedPage {
  source: string;
  title: string;
  /** The navigation label when the tool gives one that differs from the title. */
  linkTitle?: string;
  slug: string;
  /** Order among its siblings when the tree is built from folders. */
  position?: number;
  fields: Pick<
    RevisionPageDocument,
    'description' | 'hidden' | 'extraFrontMatter' | 'rawFrontMatter'
  >;
  document: JSONDocument;
  diagnostics: Diagnostic[];
}

/** A title made from a file or folder name (`getting-started` → `Getting started`). */
export function titleFromName(name: string): string {
  const words = name
    .replace(/\.(md|mdx|markdown)$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words === '' ? name : words.charAt(0).toUpperCase() + words.slice(1);
}
