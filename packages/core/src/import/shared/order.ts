/** Something placed by an explicit position (front matter, `_category_.json`) and then by name. */
export interface Ordered {
  position: number | undefined;
  name: string;
}

/**
 * Sorts as static-site generators list a folder: items with a position first, by position, then
 * the rest by name (numeric-aware, so `step-10` follows `step-9`).
 */
export function compareOrdered(a: Ordered, b: Ordered): number {
  if (a.position !== undefined && b.position !== undefined && a.position !== b.position)
    return a.position - b.position;
  if (a.position !== undefined && b.position === undefined) return -1;
  if (a.position === undefined && b.position !== undefined) return 1;
  return a.name.localeCompare(b.name, 'en', { numeric: true });
}

/** A number from a front matter value (`3`, `'3'`), or `undefined`. */
export function positionOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}
