import type { ElementContent, Root } from 'hast';
import { h } from 'hastscript';
import { toHtml } from 'hast-util-to-html';

/**
 * A whole HTML page of the sites and the review view: English, UTF-8, a viewport for phones,
 * `noindex` when asked, then the `head` and `body` content given. Serialized with
 * `allowDangerousHtml` only for the rendered documents the body carries as raw nodes (escaped
 * when they were made).
 */
export function htmlDocument(page: {
  title: string;
  noIndex: boolean;
  head?: ElementContent[];
  body: ElementContent[];
}): string {
  const root: Root = {
    type: 'root',
    children: [
      { type: 'doctype' },
      h('html', { lang: 'en' }, [
        h('head', [
          h('meta', { charSet: 'utf-8' }),
          h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
          h('title', page.title),
          ...(page.noIndex ? [h('meta', { name: 'robots', content: 'noindex' })] : []),
          ...(page.head ?? []),
        ]),
        h('body', page.body),
      ]),
    ],
  };
  return toHtml(root, { allowDangerousHtml: true });
}
