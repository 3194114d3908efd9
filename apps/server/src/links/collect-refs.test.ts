import { describe, expect, it } from 'vitest';
import { collectRefs } from './collect-refs.js';

describe('collectRefs', () => {
  it('collects the references a reader can follow, in order, however deep', () => {
    const value = {
      nodes: [
        { data: { ref: { kind: 'page', page: 'p1' } } },
        {
          nodes: [
            { data: { label: 'Go', kind: 'primary', ref: { kind: 'url', url: 'https://a.b' } } },
            { data: { ref: { kind: 'anchor', anchor: 'x', page: 'p2', extra: 1 } } },
          ],
        },
        { data: { ref: { kind: 'user', user: 'u1' } } },
        { data: { ref: { kind: 'reusable-content', reusableContent: 'r1' } } },
        { data: { ref: { kind: 'file', file: 'f1' }, refDark: { kind: 'file', file: 'f2' } } },
        { data: { ref: { kind: 'space', space: 's1' } } },
        { data: { ref: { kind: 'page' } } },
      ],
    };
    expect(collectRefs(value)).toEqual([
      { kind: 'page', page: 'p1' },
      { kind: 'url', url: 'https://a.b' },
      { kind: 'anchor', anchor: 'x', page: 'p2' },
      { kind: 'file', file: 'f1' },
      { kind: 'file', file: 'f2' },
      { kind: 'space', space: 's1' },
    ]);
  });
});
