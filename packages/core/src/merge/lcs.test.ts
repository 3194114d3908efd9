import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchSequences } from './lcs.js';
import { merge3 } from './merge3.js';

/** The length of a longest common subsequence, by the textbook table (the reference). */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint32Array(b.length + 1);
  for (const x of a) {
    const row = new Uint32Array(b.length + 1);
    for (let j = 0; j < b.length; j++)
      row[j + 1] =
        x === b[j] ? (previous[j] ?? 0) + 1 : Math.max(previous[j + 1] ?? 0, row[j] ?? 0);
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** Checks `matches` is a common subsequence of `a` and `b` and returns its length. */
function matchedCount(a: readonly string[], b: readonly string[], matches: number[]): number {
  let last = -1;
  let count = 0;
  matches.forEach((j, i) => {
    if (j < 0) return;
    expect(j).toBeGreaterThan(last);
    expect(b[j]).toBe(a[i]);
    last = j;
    count++;
  });
  return count;
}

/** `PROPERTY_SEED` (a number, or `random`) replays or explores, as the other property tests. */
const seedSetting = process.env.PROPERTY_SEED ?? '21';
const seed = seedSetting === 'random' ? undefined : Number(seedSetting);

const items = (count: number, name: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => name(index));

describe('matchSequences on long sequences (issue 21: bounded work)', () => {
  it('matches a longest common subsequence past the table size too (property)', () => {
    // 2,100 items a side: past the 4 million cells the table takes, so Myers' algorithm matches.
    const sequences = fc
      .tuple(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 2100, maxLength: 2100 }),
        fc.array(fc.tuple(fc.nat(2099), fc.integer({ min: 0, max: 40 })), { maxLength: 300 }),
        fc.array(fc.nat(2099), { maxLength: 100 }),
      )
      .map(([base, replaced, removed]) => {
        const a = base.map((n) => `k${String(n)}`);
        const b = [...a];
        for (const [at, value] of replaced) b[at] = `k${String(value)}`;
        const gone = new Set(removed);
        return { a, b: b.filter((_, index) => !gone.has(index)) };
      });
    fc.assert(
      fc.property(sequences, ({ a, b }) => {
        const count = matchedCount(a, b, matchSequences(a, b));
        expect(count).toBe(lcsLength(a, b));
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 15), ...(seed === undefined ? {} : { seed }) },
    );
  });

  it('matches 50,000 items edited at both ends without a table of every pair', () => {
    // As one table this is 2.5 billion cells (10 GB); edits scattered over the whole sequence.
    const a = items(50_000, (i) => `block ${String(i)}`);
    const b = a.map((key, i) => (i % 500 === 0 || i === a.length - 1 ? `${key} edited` : key));
    const matches = matchSequences(a, b);
    expect(matchedCount(a, b, matches)).toBe(a.length - 101);
    expect(matches[1]).toBe(1);
    expect(matches[0]).toBe(-1);
  });

  it('leaves a large middle unmatched past the edit budget, and merge3 gives a conflict', () => {
    const base = items(30_000, (i) => `base ${String(i)}`);
    const ours = items(30_000, (i) => `ours ${String(i)}`);
    const theirs = [...base.slice(0, 29_999), 'theirs'];
    expect(matchSequences(base, ours).every((j) => j === -1)).toBe(true);
    const result = merge3(base, ours, theirs, (key) => key);
    expect(result.conflicts).toHaveLength(1);
    expect(result.merged).toEqual(ours);
  });
});
