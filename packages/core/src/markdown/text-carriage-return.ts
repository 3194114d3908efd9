/**
 * Stands for a carriage return that is text while a page is parsed and written. GitBook's
 * exporter ends lines with LF alone, so a CR inside a line (not before a LF) is a character of
 * the text it stands in (`context:\r\`, text pasted with it) and is written back as it is; the
 * markdown parser and serializer would take it for a line ending (or white space to encode).
 * A noncharacter: pages do not hold one.
 */
export const textCarriageReturn = '\ufdd0';

/** The fields of mdast nodes that hold written text. */
const valueKeys = ['value', 'alt', 'title', 'url', 'meta', 'lang'] as const;

/**
 * Puts {@link textCarriageReturn} for the CRs in the values of an mdast tree about to be
 * written (code, HTML, titles… texts have theirs already), where the serializer would take them
 * for line endings.
 */
export function protectCarriageReturns(node: object): void {
  const fields = node as Record<string, unknown>;
  for (const key of valueKeys) {
    const value = fields[key];
    if (typeof value === 'string' && value.includes('\r'))
      fields[key] = value.replaceAll('\r', textCarriageReturn);
  }
  const children = fields.children;
  if (Array.isArray(children))
    for (const child of children as object[]) protectCarriageReturns(child);
}

/** Markdown written with {@link textCarriageReturn}s, with CRs in their place. */
export function restoreCarriageReturns(markdown: string): string {
  return markdown.includes(textCarriageReturn)
    ? markdown.replaceAll(textCarriageReturn, '\r')
    : markdown;
}
