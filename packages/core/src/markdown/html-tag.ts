/** An HTML start or end tag as written in markdown (`<mark style="…">`, `</mark>`). */
export interface HtmlTag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  /** Attributes in order; a bare attribute (`data-hidden`) has the value `''`. */
  attributes: Map<string, string>;
}

const tagPattern =
  /^<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>$/;
const attributePattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Parses one tag; `undefined` when the string is not exactly one start or end tag. */
export function parseHtmlTag(value: string): HtmlTag | undefined {
  const match = tagPattern.exec(value.trim());
  if (!match) return undefined;
  const attributes = new Map<string, string>();
  for (const attribute of (match[3] ?? '').matchAll(attributePattern)) {
    const [, name, double, single, bare] = attribute;
    if (name) attributes.set(name.toLowerCase(), decodeEntities(double ?? single ?? bare ?? ''));
  }
  return {
    name: (match[2] ?? '').toLowerCase(),
    closing: match[1] === '/',
    selfClosing: match[4] === '/',
    attributes,
  };
}

const named: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes character references (`&#x26;`, `&#38;`, `&amp;`). */
export function decodeEntities(value: string): string {
  return value.replace(/&(?:#[xX]([0-9a-fA-F]+)|#(\d+)|([a-zA-Z]+));/g, (whole, hex, dec, name) => {
    if (hex !== undefined) return String.fromCodePoint(parseInt(hex as string, 16));
    if (dec !== undefined) return String.fromCodePoint(parseInt(dec as string, 10));
    return named[name as string] ?? whole;
  });
}

/**
 * Escapes text for an HTML attribute or element the way GitBook's exporter does: uppercase hex
 * character references for `&`, `<`, `"` (`&#x26;`, `&#x3C;`, `&#x22;`).
 */
export function encodeHtml(value: string, { attribute = false } = {}): string {
  return value.replace(
    attribute ? /[&<"]/g : /[&<]/g,
    (char) => `&#x${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()};`,
  );
}

/** Writes a start tag with attributes in the given order; `true` writes a bare attribute. */
export function startTag(
  name: string,
  attributes: ReadonlyArray<readonly [string, string | true | undefined]>,
): string {
  const parts = [name];
  for (const [key, value] of attributes) {
    if (value === undefined) continue;
    parts.push(value === true ? key : `${key}="${encodeHtml(value, { attribute: true })}"`);
  }
  return `<${parts.join(' ')}>`;
}
