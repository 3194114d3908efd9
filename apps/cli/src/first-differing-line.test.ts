import { describe, expect, it } from 'vitest';
import { firstDifferingLine } from './first-differing-line.js';

describe('firstDifferingLine', () => {
  it('is undefined for equal texts', () => {
    expect(firstDifferingLine('a\nb\n', 'a\nb\n')).toBeUndefined();
  });

  it('is the 1-based number of the first line that differs', () => {
    expect(firstDifferingLine('a\nb\nc\n', 'a\nB\nc\n')).toBe(2);
  });

  it('counts a CR left by CRLF line endings as a difference', () => {
    expect(firstDifferingLine('a\r\nb\r\n', 'a\nb\n')).toBe(1);
  });

  it('puts a missing final newline on the line after the last', () => {
    expect(firstDifferingLine('a\nb', 'a\nb\n')).toBe(3);
    expect(firstDifferingLine('a\nb\n', 'a\nb')).toBe(3);
  });
});
