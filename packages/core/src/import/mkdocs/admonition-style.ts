import type { Hint } from '../../model/blocks.js';

const styles: Record<string, Hint['data']['style']> = {};
for (const type of [
  'note',
  'abstract',
  'summary',
  'tldr',
  'info',
  'todo',
  'question',
  'help',
  'faq',
  'example',
  'quote',
  'cite',
])
  styles[type] = 'info';
for (const type of ['tip', 'hint', 'important', 'success', 'check', 'done'])
  styles[type] = 'success';
for (const type of ['warning', 'caution', 'attention']) styles[type] = 'warning';
for (const type of ['failure', 'fail', 'missing', 'danger', 'error', 'bug'])
  styles[type] = 'danger';

/**
 * The hint style of an MkDocs (Material) admonition type, its aliases included; `undefined`
 * for a custom type.
 */
export function mkdocsHintStyle(type: string): Hint['data']['style'] | undefined {
  return styles[type.toLowerCase()];
}
