import { diffArrays } from 'diff';

/**
 * The largest middle (items of `a` times items of `b`, after the common prefix and suffix) matched
 * by dynamic programming: 4 million cells, 16 MB and a few tens of milliseconds. Larger middles
 * go to Myers' algorithm, whose cost grows with the number of edits, not with the product.
 */
const MAX_TABLE_CELLS = 4_000_000;

/**
 * The most edits Myers' algorithm looks for in a large middle. Past it the middle is left
 * unmatched: every item of it counts as changed, so a three-way merge over it gives a conflict
 * (or takes the one side that changed), never a guess. Bounds the work to about
 * `(a.length + b.length) × 2,000` steps, well under a second for 50,000 items.
 */
const MAX_EDITS = 2_000;

/**
 * For each item of `a`, the index of the item of `b` it is matched with in a longest common
 * subsequence (by key), or -1. Common prefix and suffix are matched first, so the usual case of
 * small edits to long sequences costs little; a small middle is matched by dynamic programming, a
 * large one by Myers' O(ND) algorithm (the `diff` package) within {@link MAX_EDITS} edits, so
 * memory and time stay bounded whatever the input (20,000 blocks edited at both ends took 4.4 s
 * and 1.6 GB as one table).
 */
export function matchSequences(a: readonly string[], b: readonly string[]): number[] {
  const matches = new Array<number>(a.length).fill(-1);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) {
    matches[start] = start;
    start++;
  }
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
    matches[endA] = endB;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0 || m === 0) return matches;
  if (n * m <= MAX_TABLE_CELLS) matchByTable(a, b, start, n, m, matches);
  else matchByEdits(a.slice(start, endA), b.slice(start, endB), start, matches);
  return matches;
}

/** Dynamic programming over the middle (`n` items of `a` and `m` of `b` from `start`). */
function matchByTable(
  a: readonly string[],
  b: readonly string[],
  start: number,
  n: number,
  m: number,
  matches: number[],
): void {
  const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = lengths[i] as Uint32Array;
    const next = lengths[i + 1] as Uint32Array;
    for (let j = m - 1; j >= 0; j--) {
      row[j] =
        a[start + i] === b[start + j]
          ? (next[j + 1] ?? 0) + 1
          : Math.max(next[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[start + i] === b[start + j]) {
      matches[start + i] = start + j;
      i++;
      j++;
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
}

/** Myers' algorithm over the middle; leaves it unmatched past {@link MAX_EDITS} edits. */
function matchByEdits(a: string[], b: string[], start: number, matches: number[]): void {
  const changes = diffArrays(a, b, { maxEditLength: MAX_EDITS });
  if (changes === undefined) return;
  let i = 0;
  let j = 0;
  for (const change of changes) {
    if (change.added) j += change.count;
    else if (change.removed) i += change.count;
    else {
      for (let k = 0; k < change.count; k++) matches[start + i + k] = start + j + k;
      i += change.count;
      j += change.count;
    }
  }
}
