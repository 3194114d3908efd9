import { describe, expect, it } from 'vitest';
import { lines, mergeText } from './merge-text.js';

describe('mergeText', () => {
  it('keeps a text without a final newline exactly', () => {
    expect(mergeText('a\nb', 'a\nb', 'a\nc').text).toBe('a\nc');
  });

  it('marks lines both sides changed differently, or takes the strategy side', () => {
    const [base, ours, theirs] = ['a\nb\nc\n', 'a\nB\nc\n', 'a\nβ\nc\n'];
    expect(mergeText(base, ours, theirs, { labels: { ours: 'main', theirs: 'space' } })).toEqual({
      text: 'a\n<<<<<<< main\nB\n=======\nβ\n>>>>>>> space\nc\n',
      hunks: 1,
    });
    expect(mergeText(base, ours, theirs, { strategy: 'theirs' })).toEqual({
      text: 'a\nβ\nc\n',
      hunks: 0,
    });
  });

  it('keeps both sides’ insertions at one place with union, ours first', () => {
    expect(mergeText('a\n', 'a\nx\n', 'a\ny\n', { union: true })).toEqual({
      text: 'a\nx\ny\n',
      hunks: 0,
    });
  });

  it('splits lines keeping their endings', () => {
    expect(lines('a\nb')).toEqual(['a\n', 'b']);
    expect(lines('')).toEqual([]);
  });
});
