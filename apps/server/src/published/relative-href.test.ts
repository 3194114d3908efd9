import { describe, expect, it } from 'vitest';
import { documentUrl, relativeHref } from './relative-href.js';

describe('relativeHref', () => {
  it('leads from a page to a sibling, a child, a parent and the site root', () => {
    expect(relativeHref('/sites/s1/guides/install', '/sites/s1/guides/setup')).toBe('setup');
    expect(relativeHref('/sites/s1/guides', '/sites/s1/guides/install')).toBe('guides/install');
    expect(relativeHref('/sites/s1/guides/install', '/sites/s1/all-blocks')).toBe('../all-blocks');
    expect(relativeHref('/sites/s1/guides/install', '/sites/s1')).toBe('../');
    expect(relativeHref('/sites/s1', '/sites/s1/guides')).toBe('s1/guides');
    expect(relativeHref('/sites/s1/', '/sites/s1/guides')).toBe('guides');
    expect(relativeHref('/sites/s1', '/sites/s1/~static/')).toBe('s1/~static/');
    expect(relativeHref('/sites/s1/a/b', '/sites/s1/~static/')).toBe('../~static/');
  });

  it('keeps a fragment and resolves to the target from the page it is on', () => {
    for (const [from, to] of [
      ['/sites/s1/a/b/c', '/sites/s1/x#heading'],
      ['/sites/s1', '/sites/s1/a/b#x'],
      ['/sites/s1/a/', '/sites/s1/a/b'],
      ['/sites/s1/a/b', '/sites/s1/a/b'],
    ] as const) {
      const href = relativeHref(from, to);
      const resolved = new URL(href, `http://host${from}`);
      expect(`${resolved.pathname.replace(/\/$/, '')}${resolved.hash}`).toBe(to);
    }
  });
});

describe('documentUrl', () => {
  it('keeps absolute URLs and fragments, and drops paths relative to a file in git', () => {
    expect(documentUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(documentUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(documentUrl('#setup')).toBe('#setup');
    expect(documentUrl('../guides/')).toBeUndefined();
    expect(documentUrl('.gitbook/assets/chart.png')).toBeUndefined();
  });
});
