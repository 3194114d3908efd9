import { describe, expect, it } from 'vitest';
import { searchExcerpt } from './search-excerpt.js';
import { indexedText, searchWords } from './search-words.js';

describe('searchWords', () => {
  it('lowers case, drops accents and splits at anything but letters and digits', () => {
    expect(searchWords('Crème brûlée, v2.0 — ZOË_x')).toEqual([
      'creme',
      'brulee',
      'v2',
      '0',
      'zoe',
      'x',
    ]);
    expect(indexedText('  Hello,   World! ')).toBe('hello world');
    expect(searchWords(' ?! ')).toEqual([]);
  });
});

describe('searchExcerpt', () => {
  it('keeps a short text whole, on one line', () => {
    expect(searchExcerpt('One line.\nAnother  line.', ['line'])).toBe('One line. Another line.');
  });

  it('cuts a long text around the first word that matches, at spaces', () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(30);
    const excerpt = searchExcerpt(`${filler}the Zèbra appears here. ${filler}`, ['zebra']);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('the Zèbra appears here.');
    expect(excerpt.length).toBeLessThanOrEqual(302);
    expect(excerpt.slice(1, -1)).toBe(excerpt.slice(1, -1).trim());
  });

  it('starts at the beginning when no word of the text matches (a heading did)', () => {
    const text = 'word '.repeat(100);
    const excerpt = searchExcerpt(text, ['title']);
    expect(excerpt.startsWith('word word')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});
