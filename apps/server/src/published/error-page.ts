import { h } from 'hastscript';
import { toHtml } from 'hast-util-to-html';

/** A page for a status other than 200: what happened, in the site's look, nothing else. */
export function renderErrorPage(status: number, message: string): string {
  return toHtml({
    type: 'root',
    children: [
      { type: 'doctype' },
      h('html', { lang: 'en' }, [
        h('head', [
          h('meta', { charSet: 'utf-8' }),
          h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
          h('meta', { name: 'robots', content: 'noindex' }),
          h('title', `${status} ${message}`),
        ]),
        h('body', [h('main', [h('h1', message), h('p', `HTTP ${status}`)])]),
      ]),
    ],
  });
}
