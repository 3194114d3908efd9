/** One argument of a Liquid-style tag: `key="value"`, legacy `key=value`, or a bare `"value"`. */
export interface TagArgument {
  /** Attribute name; `undefined` for a positional argument (`{% include "x.md" %}`). */
  key: string | undefined;
  value: string;
  /** Whether the value was written in double quotes (legacy tags have `required=false`). */
  quoted: boolean;
}

/** A parsed `{% name args %}` tag. */
export interface ParsedTag {
  name: string;
  args: TagArgument[];
}

const argumentPattern = /\s*(?:([\w.:-]+)\s*=\s*)?(?:"((?:[^"\\]|\\.)*)"|([^\s"]+))/y;

/** Removes backslash escapes (`\"`, `\\`, `\#`) from a quoted attribute value. */
function unescapeValue(value: string): string {
  return value.replace(/\\([\\"#%{}])/g, '$1');
}

/** Parses the raw text of one tag, `{% hint style="info" %}`; `undefined` if it is not one. */
export function parseTag(raw: string): ParsedTag | undefined {
  const inner = /^\{%-?\s*([\s\S]*?)\s*-?%\}$/.exec(raw)?.[1];
  if (inner === undefined) return undefined;
  const name = /^[^\s]+/.exec(inner)?.[0];
  if (name === undefined) return undefined;
  const args: TagArgument[] = [];
  const rest = inner.slice(name.length);
  argumentPattern.lastIndex = 0;
  while (argumentPattern.lastIndex < rest.length) {
    const start = argumentPattern.lastIndex;
    const match = argumentPattern.exec(rest);
    if (!match) {
      if (rest.slice(start).trim() === '') break;
      return undefined;
    }
    const [, key, quotedValue, bareValue] = match;
    args.push(
      quotedValue === undefined
        ? { key, value: bareValue ?? '', quoted: false }
        : { key, value: unescapeValue(quotedValue), quoted: true },
    );
  }
  return { name, args };
}

/** The value of attribute `key`, if the tag has it. */
export function tagAttribute(tag: ParsedTag, key: string): string | undefined {
  return tag.args.find((arg) => arg.key === key)?.value;
}

/** Escapes a value for a double-quoted attribute. */
export function escapeAttributeValue(value: string): string {
  return value.replace(/[\\"]/g, '\\$&');
}

/** Writes a tag: `{% name key="value" … %}`; attributes with `undefined` values are left out. */
export function renderTag(
  name: string,
  attributes: ReadonlyArray<readonly [string | undefined, string | undefined]> = [],
): string {
  const parts = [name];
  for (const [key, value] of attributes) {
    if (value === undefined) continue;
    const quoted = `"${escapeAttributeValue(value)}"`;
    parts.push(key === undefined ? quoted : `${key}=${quoted}`);
  }
  return `{% ${parts.join(' ')} %}`;
}
