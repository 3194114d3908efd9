import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { gitBlobId, stableId } from './git-blob-id.js';

describe('gitBlobId', () => {
  it('matches `git hash-object` for text and bytes', () => {
    for (const content of ['', '# Hello\n', 'é 😀\n']) {
      const expected = execFileSync('git', ['hash-object', '--stdin'], {
        input: content,
        encoding: 'utf8',
      }).trim();
      expect(gitBlobId(content)).toBe(expected);
      expect(gitBlobId(new TextEncoder().encode(content))).toBe(expected);
    }
  });
});

describe('stableId', () => {
  it('is 20 alphanumerics, the same for the same parts and different for others', () => {
    expect(stableId('space', 'a.md')).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(stableId('space', 'a.md')).toBe(stableId('space', 'a.md'));
    expect(stableId('space', 'a.md')).not.toBe(stableId('space', 'b.md'));
    expect(stableId('a', 'b')).not.toBe(stableId('ab'));
  });
});
