import { describe, expect, it } from 'vitest';
import { matchSequences } from './lcs.js';
import { merge3 } from './merge3.js';

const chars = (s: string) => Array.from(s);
const merge = (base: string, ours: string, theirs: string) => {
  const result = merge3(
    chars(base),
    chars(ours),
    chars(theirs),
    (c) => c,
    () => undefined,
  );
  return {
    merged: result.merged.join(''),
    conflicts: result.conflicts.map((c) => [c.base.join(''), c.ours.join(''), c.theirs.join('')]),
  };
};

describe('matchSequences', () => {
  it('matches a longest common subsequence', () => {
    const matches = matchSequences(chars('abcdef'), chars('axcyf'));
    expect(matches).toEqual([0, -1, 2, -1, -1, 4]);
  });
});

describe('merge3', () => {
  it('takes the side that changed', () => {
    expect(merge('abc', 'aXc', 'abc')).toEqual({ merged: 'aXc', conflicts: [] });
    expect(merge('abc', 'abc', 'abcd')).toEqual({ merged: 'abcd', conflicts: [] });
  });

  it('merges changes in different places', () => {
    expect(merge('abcdef', 'aXcdef', 'abcdeY')).toEqual({ merged: 'aXcdeY', conflicts: [] });
  });

  it('merges edits to adjacent items item by item', () => {
    expect(merge('abc', 'Xbc', 'aYc')).toEqual({ merged: 'XYc', conflicts: [] });
  });

  it('takes an identical change once', () => {
    expect(merge('abc', 'aXc', 'aXc')).toEqual({ merged: 'aXc', conflicts: [] });
  });

  it('reports the same item changed differently as a conflict, keeping ours', () => {
    expect(merge('abc', 'aXc', 'aYc')).toEqual({ merged: 'aXc', conflicts: [['b', 'X', 'Y']] });
  });

  it('keeps insertions from both sides at different places', () => {
    expect(merge('ac', 'abc', 'acd')).toEqual({ merged: 'abcd', conflicts: [] });
  });
});
