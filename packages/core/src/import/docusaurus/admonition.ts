import type { Hint } from '../../model/blocks.js';

/** An admonition's opening line: `:::note Title`, `:::tip[Title]`, `::::info` (nesting). */
export interface AdmonitionOpening {
  indent: string;
  colons: number;
  type: string;
  title: string | undefined;
}

const styles: Record<string, Hint['data']['style']> = {
  note: 'info',
  info: 'info',
  important: 'info',
  secondary: 'info',
  tip: 'success',
  success: 'success',
  warning: 'warning',
  caution: 'warning',
  danger: 'danger',
};

/** The hint style of a Docusaurus admonition type; `undefined` for a type Docusaurus lacks. */
export function admonitionStyle(type: string): Hint['data']['style'] | undefined {
  return styles[type.toLowerCase()];
}

/** Reads `:::type` with an optional title (v2 `:::note Title`, v3 `:::note[Title]`). */
export function admonitionOpening(line: string): AdmonitionOpening | undefined {
  const match = /^(\s*)(:{3,})([A-Za-z]+)(?:\[(.*)\]|[ \t]+(.*?))?(?:\{[^}]*\})?[ \t]*$/.exec(line);
  if (!match) return undefined;
  const title = (match[4] ?? match[5])?.trim();
  return {
    indent: match[1] ?? '',
    colons: (match[2] ?? '').length,
    type: match[3] ?? '',
    title: title === '' ? undefined : title,
  };
}

/** Whether the line closes an admonition opened with `colons` colons. */
export function isAdmonitionClose(line: string, colons: number): boolean {
  const match = /^\s*(:{3,})\s*$/.exec(line);
  return match?.[1]?.length === colons;
}
