import { matchSequences } from './lcs.js';

/** A region both sides changed differently. */
export interface MergeConflict<T> {
  base: T[];
  ours: T[];
  theirs: T[];
}

/** The merged sequence; where there are conflicts, `ours` was kept and each is listed. */
export interface Merge3Result<T> {
  merged: T[];
  conflicts: MergeConflict<T>[];
}

/**
 * Three-way merge of sequences (diff3). Items are compared by `key`. A region changed on one
 * side takes that side; changed the same way on both, either; changed differently on both, a
 * conflict — except when both sides replaced the region item for item (edits to different items
 * of the same run), which is merged item by item with `mergeItem`.
 */
export function merge3<T>(
  base: readonly T[],
  ours: readonly T[],
  theirs: readonly T[],
  key: (item: T) => string,
  mergeItem?: (base: T, ours: T, theirs: T) => T | undefined,
): Merge3Result<T> {
  const baseKeys = base.map(key);
  const oursKeys = ours.map(key);
  const theirsKeys = theirs.map(key);
  const toOurs = matchSequences(baseKeys, oursKeys);
  const toTheirs = matchSequences(baseKeys, theirsKeys);
  const merged: T[] = [];
  const conflicts: MergeConflict<T>[] = [];
  let i = 0;
  let a = 0;
  let b = 0;
  const same = (x: readonly string[], y: readonly string[]) =>
    x.length === y.length && x.every((k, n) => k === y[n]);

  while (i < base.length || a < ours.length || b < theirs.length) {
    if (i < base.length && toOurs[i] === a && toTheirs[i] === b) {
      merged.push(base[i] as T);
      i++;
      a++;
      b++;
      continue;
    }
    let next = i;
    while (next < base.length && !((toOurs[next] ?? -1) >= a && (toTheirs[next] ?? -1) >= b))
      next++;
    const nextA = next < base.length ? (toOurs[next] as number) : ours.length;
    const nextB = next < base.length ? (toTheirs[next] as number) : theirs.length;
    const chunkBase = base.slice(i, next);
    const chunkOurs = ours.slice(a, nextA);
    const chunkTheirs = theirs.slice(b, nextB);
    const keysBase = baseKeys.slice(i, next);
    const keysOurs = oursKeys.slice(a, nextA);
    const keysTheirs = theirsKeys.slice(b, nextB);
    if (same(keysOurs, keysBase)) merged.push(...chunkTheirs);
    else if (same(keysTheirs, keysBase) || same(keysOurs, keysTheirs)) merged.push(...chunkOurs);
    else if (
      mergeItem &&
      chunkBase.length === chunkOurs.length &&
      chunkBase.length === chunkTheirs.length
    ) {
      chunkBase.forEach((item, n) => {
        const o = chunkOurs[n] as T;
        const t = chunkTheirs[n] as T;
        const k = [keysBase[n], keysOurs[n], keysTheirs[n]];
        if (k[1] === k[0]) merged.push(t);
        else if (k[2] === k[0] || k[1] === k[2]) merged.push(o);
        else {
          const itemMerge = mergeItem(item, o, t);
          if (itemMerge === undefined) {
            conflicts.push({ base: [item], ours: [o], theirs: [t] });
            merged.push(o);
          } else merged.push(itemMerge);
        }
      });
    } else {
      conflicts.push({ base: chunkBase, ours: chunkOurs, theirs: chunkTheirs });
      merged.push(...chunkOurs);
    }
    i = next;
    a = nextA;
    b = nextB;
  }
  return { merged, conflicts };
}
