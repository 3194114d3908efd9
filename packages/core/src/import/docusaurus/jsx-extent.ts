/** Where an MDX construct found in a page's lines ends. */

/**
 * The index of the character that ends the JSX opening tag starting at `offset` of `text` (its
 * `>`), skipping quoted strings and `{…}` expressions; `-1` when it does not end.
 */
export function openingTagEnd(text: string, offset: number): number {
  let braces = 0;
  let quote: string | undefined;
  for (let index = offset + 1; index < text.length; index++) {
    const char = text.charAt(index);
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '{') braces++;
    else if (char === '}') braces--;
    else if (char === '>' && braces === 0) return index;
  }
  return -1;
}

/**
 * The line index just past the JSX element `name` that opens on line `start` (self-closing, or
 * up to its matching closing tag, counting nested elements of the same name); `undefined` when
 * it never closes.
 */
export function elementEnd(
  lines: readonly string[],
  start: number,
  name: string,
): number | undefined {
  const text = lines.slice(start).join('\n');
  const open = text.indexOf(`<${name}`);
  const end = openingTagEnd(text, open);
  if (open < 0 || end < 0) return undefined;
  const lineAt = (offset: number) => start + text.slice(0, offset).split('\n').length;
  if (text.charAt(end - 1) === '/') return lineAt(end);
  const tags = new RegExp(`<(/?)${name}(?=[\\s/>])`, 'g');
  tags.lastIndex = end;
  let depth = 1;
  for (let match = tags.exec(text); match; match = tags.exec(text)) {
    if (match[1] === '/') depth--;
    else {
      const tagEnd = openingTagEnd(text, match.index);
      if (tagEnd >= 0 && text.charAt(tagEnd - 1) !== '/') depth++;
    }
    if (depth === 0) return lineAt(match.index);
  }
  return undefined;
}

/** The attributes of a JSX opening tag written with literal values (`a="x"`, `b={'y'}`, `c`). */
export function jsxAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern =
    /([A-Za-z_][\w-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`)\s*\}|\{([^}]*)\}))?/g;
  const body = tag.replace(/^<\w+/, '').replace(/\/?>$/, '');
  for (const match of body.matchAll(pattern)) {
    // Groups that did not take part are `undefined` at run time, whatever the typings say.
    const [, name, ...values] = match as unknown as (string | undefined)[];
    if (name === undefined) continue;
    attributes.set(name, values.find((value) => value !== undefined) ?? 'true');
  }
  return attributes;
}
