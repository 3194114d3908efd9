import { diffArrays } from 'diff';
import type { Block } from '../model/blocks.js';
import type { JSONDocument } from '../model/document.js';
import type { HtmlRenderOptions } from './html-options.js';
import { renderDocumentHtml } from './render-document-html.js';

/** A rendered comparison of two versions of a page. */
export interface RenderedDiff {
  /** The page after the change, its removed blocks in `<del>` and added ones in `<ins>`. */
  html: string;
  added: number;
  removed: number;
}

/** Each top-level block rendered alone: the units the comparison works on. */
function blockHtml(document: JSONDocument | undefined, options: HtmlRenderOptions): string[] {
  return (document?.nodes ?? []).map(
    (block: Block) =>
      renderDocumentHtml({ object: 'document', data: {}, nodes: [block] }, options).html,
  );
}

/**
 * Renders what changed between two versions of a document, block by block as a reader sees them:
 * the top-level blocks of both are rendered, the two lists compared (longest common subsequence,
 * the `diff` package), and blocks only in `before` shown struck in `<del>`, blocks only in
 * `after` in `<ins>`, the rest as they are. A page added or deleted is all `<ins>` or `<del>`.
 */
export function renderDocumentDiff(
  before: JSONDocument | undefined,
  after: JSONDocument | undefined,
  options: HtmlRenderOptions,
): RenderedDiff {
  const changes = diffArrays(blockHtml(before, options), blockHtml(after, options));
  let added = 0;
  let removed = 0;
  const html = changes
    .map((change) => {
      const body = change.value.join('');
      if (change.added) {
        added += change.value.length;
        return `<ins class="ds-diff-added">${body}</ins>`;
      }
      if (change.removed) {
        removed += change.value.length;
        return `<del class="ds-diff-removed">${body}</del>`;
      }
      return body;
    })
    .join('');
  return { html, added, removed };
}
