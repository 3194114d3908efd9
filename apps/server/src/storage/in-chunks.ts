/**
 * Items in groups of at most `size`: rows or ids per statement, below every dialect's limit on
 * bound parameters.
 */
export function inChunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}
