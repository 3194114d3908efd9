import type { Diagnostic } from '../../diagnostic.js';
import { linesOutsideFences } from './lines.js';

/** An `<img …>` tag (HTML or JSX, `/>` or `>`, an optional `</img>` after it). */
const imgTag =
  /<img\b((?:[^<>"'{}]|"[^"]*"|'[^']*'|\{\{[^}]*\}\}|\{[^{}]*\})*?)\/?>(?:\s*<\/img>)?/gi;
/** A line that is only an image, perhaps in a wrapper such as `<p align="center">` or `<center>`. */
const wrapper =
  /^\s*(?:<(p|center|div)\b[^<>]*>\s*)?(<img\b[^]*?>(?:\s*<\/img>)?)\s*(?:<\/(?:p|center|div)>\s*)?$/i;

/** The attributes of an `<img>`: quoted HTML values and JSX `{300}` / `{"x"}` expressions. */
function attributesOf(source: string): Map<string, string | undefined> {
  const attributes = new Map<string, string | undefined>();
  const attribute =
    /([A-Za-z_:][\w:.-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\{[^}]*\}\}|\{\s*(?:(\d+(?:\.\d+)?)|"([^"]*)"|'([^']*)'|[^{}]*)\s*\}|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(attribute)) {
    const name = (match[1] ?? '').toLowerCase();
    const value = match[2] ?? match[3] ?? match[4] ?? match[5] ?? match[6] ?? match[7];
    attributes.set(name, value);
  }
  return attributes;
}

/** A value read from the source's HTML, entities and all: only a `"` needs writing as `&quot;`. */
const escapeAttribute = (value: string) => value.replace(/"/g, '&quot;');

/**
 * HTML images as images: an `<img src>` alone on its line (wrapped in `<p>`, `<center>` or
 * `<div>` or not) becomes a figure, one inside text an inline image, so its file is found and
 * uploaded like a markdown image's. Attributes an image has no place for (`className`, `style`,
 * `align` of the wrapper) are named in an info diagnostic. Code fences are left alone; each
 * rewrite stays on its line.
 */
export function rewriteHtmlImages(
  body: string,
  diagnostics: Diagnostic[],
  lineOffset: number,
): string {
  if (!/<img\b/i.test(body)) return body;
  const lines = body.split('\n');
  for (const index of linesOutsideFences(lines)) {
    const line = lines[index] ?? '';
    if (!/<img\b/i.test(line) || /^\s*(?:\||`|\s{4})/.test(line)) continue;
    const lineNumber = index + 1 + lineOffset;
    const dropped = new Set<string>();
    const alone =
      (line.match(/<img\b/gi) ?? []).length === 1 &&
      wrapper.exec(line) !== null &&
      (lines[index - 1] ?? '').trim() === '' &&
      (lines[index + 1] ?? '').trim() === '';
    const wrapperAttributes = /^\s*<(?:p|center|div)\b([^<>]*)>/i.exec(line)?.[1]?.trim();
    if (alone && wrapperAttributes !== undefined && wrapperAttributes !== '')
      dropped.add(wrapperAttributes.split(/[\s=]/)[0] ?? '');
    let rewritten = false as boolean;
    const next = line.replace(imgTag, (tag: string, inner: string) => {
      const attributes = attributesOf(inner);
      const src = attributes.get('src');
      // A computed `src={require(…)}` or one without a value is not an image this can follow.
      if (src === undefined || src === '') return tag;
      for (const name of attributes.keys())
        if (!['src', 'alt', 'width', 'height'].includes(name)) dropped.add(name);
      rewritten = true;
      const alt = attributes.get('alt') ?? '';
      const length = (name: string) => {
        const value = attributes.get(name);
        if (value === undefined) return '';
        if (/^\d+(?:\.\d+)?(?:px|%)?$/.test(value)) return ` ${name}="${value}"`;
        dropped.add(name);
        return '';
      };
      if (!alone)
        return `![${alt.replace(/[[\]\\]/g, '\\$&')}](<${src.replace(/[<>]/g, encodeURIComponent)}>)`;
      return `<figure><img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}"${length('width')}${length('height')}></figure>`;
    });
    if (!rewritten) continue;
    lines[index] = alone ? (/<figure>.*<\/figure>/.exec(next)?.[0] ?? next) : next;
    if (dropped.size > 0)
      diagnostics.push({
        ruleId: 'html-image',
        severity: 'info',
        line: lineNumber,
        message: `HTML image imported as an image; its ${[...dropped].map((name) => `\`${name}\``).join(', ')} ${dropped.size === 1 ? 'attribute has' : 'attributes have'} no equivalent and ${dropped.size === 1 ? 'was' : 'were'} left out`,
      });
  }
  return lines.join('\n');
}
