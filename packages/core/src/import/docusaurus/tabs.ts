import { elementEnd, jsxAttributes, openingTagEnd } from './jsx-extent.js';

/** One `<TabItem>` of a `<Tabs>` element: its title and its body lines. */
export interface TabItemSource {
  title: string;
  lines: string[];
  /** The index, in the lines read, of the line `lines[0]` is on (the item's opening tag's). */
  firstLine: number;
}

/** A `<Tabs>` element read from a page's lines. */
export interface TabsSource {
  items: TabItemSource[];
  /** Text between the items that is not an item (kept by the caller). */
  stray: string[];
  end: number;
}

/**
 * Reads `<Tabs>` opening on line `start`: each `<TabItem value label>` (the label is the tab's
 * title, the value when there is none) with its body; `undefined` when the element never closes.
 */
export function readTabs(lines: readonly string[], start: number): TabsSource | undefined {
  const end = elementEnd(lines, start, 'Tabs');
  if (end === undefined) return undefined;
  const text = lines.slice(start, end).join('\n');
  const open = openingTagEnd(text, text.indexOf('<Tabs'));
  const close = text.lastIndexOf('</Tabs');
  const inner = text.slice(open + 1, close);
  // `<Tabs values={[{label: 'TOTP', value: 'totp'}]}>`: labels given on the tabs, by value.
  const labels = new Map<string, string>();
  for (const entry of text.slice(0, open).matchAll(/\{([^{}]*)\}/g)) {
    const field = (name: string) =>
      new RegExp(`\\b${name}\\s*:\\s*(['"\`])((?:(?!\\1).)*)\\1`).exec(entry[1] ?? '')?.[2];
    const value = field('value');
    const label = field('label');
    if (value !== undefined && label !== undefined) labels.set(value, label);
  }
  const items: TabItemSource[] = [];
  const stray: string[] = [];
  let cursor = 0;
  while (cursor < inner.length) {
    const at = inner.indexOf('<TabItem', cursor);
    const before = inner.slice(cursor, at < 0 ? inner.length : at);
    if (before.trim() !== '') stray.push(before.trim());
    if (at < 0) break;
    const tagEnd = openingTagEnd(inner, at);
    if (tagEnd < 0) {
      stray.push(inner.slice(at).trim());
      break;
    }
    const tag = inner.slice(at, tagEnd + 1);
    const attributes = jsxAttributes(tag);
    const value = attributes.get('value');
    const title =
      attributes.get('label') ??
      (value === undefined ? undefined : (labels.get(value) ?? value)) ??
      `Tab ${String(items.length + 1)}`;
    // The body starts right after the opening tag, on that tag's line.
    const firstLine = start + text.slice(0, open + 1 + tagEnd + 1).split('\n').length - 1;
    if (tag.endsWith('/>')) {
      items.push({ title, lines: [], firstLine });
      cursor = tagEnd + 1;
      continue;
    }
    const body = inner.slice(tagEnd + 1);
    const closeAt = matchingClose(body);
    if (closeAt < 0) {
      stray.push(inner.slice(at).trim());
      break;
    }
    items.push({ title, lines: body.slice(0, closeAt).split('\n'), firstLine });
    const closeEnd = body.indexOf('>', closeAt);
    cursor = tagEnd + 1 + (closeEnd < 0 ? body.length : closeEnd + 1);
  }
  return { items, stray, end };
}

/** The offset of the `</TabItem>` closing the item whose body `body` is. */
function matchingClose(body: string): number {
  const tags = /<(\/?)TabItem(?=[\s/>])/g;
  let depth = 1;
  for (let match = tags.exec(body); match; match = tags.exec(body)) {
    if (match[1] === '/') depth--;
    else if (body.charAt(openingTagEnd(body, match.index) - 1) !== '/') depth++;
    if (depth === 0) return match.index;
  }
  return -1;
}
