import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import type { Html } from 'mdast';
import type { ConstructHandlers, FromHtml } from './types.js';

/** The one element a chunk of HTML consists of (whitespace around it allowed), if it is one. */
export function singleElement(html: string): Element | undefined {
  const root = fromHtml(html, { fragment: true });
  const elements = root.children.filter(
    (child) => !(child.type === 'text' && child.value.trim() === ''),
  );
  const [only] = elements;
  return elements.length === 1 && only?.type === 'element' ? only : undefined;
}

/**
 * Flow HTML: parsed with hast and handed to the readers registered for its root element
 * (`htmlHandlers`); HTML no reader understands is kept verbatim with a diagnostic.
 */
export function createHtmlBlockReader(
  readers: () => ReadonlyMap<string, readonly FromHtml[]>,
): ConstructHandlers {
  return {
    mdast: {
      html: (node: Html, context) => {
        const element = singleElement(node.value);
        if (element) {
          for (const reader of readers().get(element.tagName) ?? []) {
            const blocks = reader(element, node, context);
            if (blocks) return blocks;
          }
        }
        return [
          context.raw(
            node,
            'raw-html',
            'this HTML is not a block docsync models; kept verbatim',
            'info',
          ),
        ];
      },
    },
  };
}
