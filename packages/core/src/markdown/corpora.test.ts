import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePage } from './parse-page.js';
import { renderPage } from './render-page.js';
import {
  corpusSpaces as spaces,
  expectedPageDifferences as expectedDifferences,
} from '../testing/corpora.js';

const corpora = fileURLToPath(new URL('../../fixtures/corpora/', import.meta.url));

function pagesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'assets' ? [] : pagesOf(path);
    return name.endsWith('.md') && name !== 'SUMMARY.md' ? [path] : [];
  });
}

const pages = spaces
  .flatMap((space) => pagesOf(join(corpora, space)))
  .map((path) => relative(corpora, path))
  .sort();

describe('GitBook-exported corpora', () => {
  it('finds the pages of every space', () => {
    expect(pages.length).toBe(61);
  });

  for (const page of pages) {
    const source = readFileSync(join(corpora, page), 'utf8');
    const reason = expectedDifferences[page];
    if (reason === undefined) {
      it(`re-exports ${page} byte for byte`, () => {
        expect(renderPage(parsePage(source))).toBe(source);
      });
    } else {
      it(`normalizes ${page} once (${reason})`, () => {
        const once = renderPage(parsePage(source));
        expect(once).not.toBe(source);
        expect(renderPage(parsePage(once))).toBe(once);
      });
    }
  }
});
