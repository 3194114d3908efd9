import { h } from 'hastscript';
import { htmlDocument } from './html-document.js';

/** A page for a status other than 200: what happened, nothing else. */
export function renderErrorPage(status: number, message: string): string {
  return htmlDocument({
    title: `${status} ${message}`,
    noIndex: true,
    body: [h('main', [h('h1', message), h('p', `HTTP ${status}`)])],
  });
}
