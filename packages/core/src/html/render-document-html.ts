import type { Root } from 'hast';
import { h } from 'hastscript';
import { toHtml } from 'hast-util-to-html';
import type { JSONDocument } from '../model/document.js';
import { blocksToHast } from './blocks-to-hast.js';
import type {
  HtmlContext,
  HtmlDiagnostic,
  HtmlRenderOptions,
  OutlineEntry,
} from './html-options.js';
import { inlinesToHast } from './inlines-to-hast.js';

/** A document rendered as HTML, with the headings its outline lists. */
export interface RenderedHtml {
  /** A fragment of HTML: the document's blocks, then its footnotes. */
  html: string;
  outline: OutlineEntry[];
  diagnostics: HtmlDiagnostic[];
}

/**
 * A heading anchor from its text as GitHub and GitBook make them (and docsync's search links
 * to): lower case, punctuation dropped, each space a `-` (`Set up: step 2` → `set-up-step-2`).
 */
export function headingAnchor(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * Renders a document as semantic HTML: one handler per block and inline type, every text and
 * attribute escaped by the serializer (hast-util-to-html), links only to safe schemes, nothing
 * from the document run as HTML or script. Headings get distinct anchors (a repeated one gets
 * `-1`, `-2`… as docsync's search makes them); `heading-1` is `<h2>`, the page title being the
 * `<h1>`.
 */
export function renderDocumentHtml(
  document: JSONDocument,
  options: HtmlRenderOptions,
): RenderedHtml {
  const used = new Set<string>();
  const counters = new Map<string, number>();
  const ctx: HtmlContext = {
    options,
    blocks: (blocks) => blocksToHast(blocks, ctx),
    inlines: (nodes) => inlinesToHast(nodes, ctx),
    anchor(explicit, text) {
      const base =
        explicit !== undefined && explicit !== '' ? explicit : headingAnchor(text) || 'section';
      let candidate = base;
      for (let n = 1; used.has(candidate); n++) candidate = `${base}-${n}`;
      used.add(candidate);
      return candidate;
    },
    nextId(prefix) {
      const next = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, next);
      return `ds-${prefix}-${next}`;
    },
    footnotes: [],
    outline: [],
    diagnostics: [],
    includeDepth: 0,
  };
  const body = ctx.blocks(document.nodes);
  const notes =
    ctx.footnotes.length === 0
      ? []
      : [
          h('section', { className: ['ds-footnotes'], ariaLabel: 'Notes' }, [
            h(
              'ol',
              ctx.footnotes.map((note) =>
                h('li', { id: note.id }, [
                  ...note.body,
                  h('a', { href: `#${note.id}-ref`, ariaLabel: 'Back to the text' }, '↩'),
                ]),
              ),
            ),
          ]),
        ];
  const root: Root = { type: 'root', children: [...body, ...notes] };
  return { html: toHtml(root), outline: ctx.outline, diagnostics: ctx.diagnostics };
}
