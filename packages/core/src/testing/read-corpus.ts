/**
 * Reads a corpus space from `fixtures/corpora/` for tests. The one file of the core's sources
 * that reads the disk: test support, not shipped (the package leaves out `dist/testing`), so the
 * lint config exempts it from the purity rules.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gitBlobId } from '../tree/git-blob-id.js';
import type { TreeFile } from '../tree/tree-file.js';

/** The directory holding the corpora. */
export const corporaDir = fileURLToPath(new URL('../../fixtures/corpora/', import.meta.url));

/** A corpus space as a tree: text for markdown and YAML, blob ids and sizes for everything. */
export function readCorpusTree(space: string): TreeFile[] {
  return readTreeDir(join(corporaDir, space));
}

/** The fixture tree `name` of `packages/core/fixtures/` (`site-blocks`: a page of every block). */
export function readFixtureTree(name: string): TreeFile[] {
  return readTreeDir(fileURLToPath(new URL(`../../fixtures/${name}/`, import.meta.url)));
}

/** A directory as a tree: text for markdown and YAML, blob ids and sizes for everything. */
export function readTreeDir(dir: string): TreeFile[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = relative(dir, join(entry.parentPath, entry.name));
      const bytes = readFileSync(join(dir, path));
      const isText = /\.(md|ya?ml)$/.test(path);
      return {
        path,
        oid: gitBlobId(bytes),
        size: bytes.byteLength,
        ...(isText ? { text: bytes.toString('utf8') } : {}),
      };
    });
}

/** Every `.md` file of the corpora, as absolute paths, sorted. */
export function corpusMarkdownFiles(dir: string = corporaDir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return corpusMarkdownFiles(path);
      return entry.name.endsWith('.md') ? [path] : [];
    })
    .sort();
}
