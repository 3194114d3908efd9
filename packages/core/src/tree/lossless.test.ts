import { describe, expect, it } from 'vitest';
import { corpusSpaces } from '../testing/corpora.js';
import { losslessCases } from '../testing/lossless-cases.js';
import { readCorpusTree } from '../testing/read-corpus.js';
import { gitBlobId } from './git-blob-id.js';
import { treeToRevision } from './tree-to-revision.js';
import type { TreeFile } from './tree-file.js';
import { revisionToTree } from './revision-to-tree.js';

/**
 * Issue 18, item 4: a tree in `fmt`'s canonical form must come back byte for byte from the
 * service. `fmt` is `treeToRevision` then `revisionToTree`; the service keeps the revision as
 * JSON (page fields, documents, config) and writes it back with `revisionToTree`. So each tree
 * below must be (1) its own `fmt` output, (2) a fixpoint of `fmt`, and (3) written the same from
 * the revision after a JSON round trip.
 */

const encoder = new TextEncoder();

function textFile(path: string, text: string): TreeFile {
  const bytes = encoder.encode(text);
  return { path, text, oid: gitBlobId(bytes), size: bytes.byteLength };
}

function treeOf(files: Record<string, string>): TreeFile[] {
  return Object.entries(files).map(([path, text]) => textFile(path, text));
}

/** `docsync fmt`: the tree read as sync reads it and written back. */
function fmt(tree: readonly TreeFile[]): Record<string, string | undefined> {
  const read = treeToRevision(tree, { idNamespace: 'space' });
  const written = revisionToTree(read.content, { config: read.config });
  return Object.fromEntries(written.files.map((file) => [file.path, file.text]));
}

/** The tree the service writes back: the revision as stored (JSON), then `revisionToTree`. */
function throughJson(tree: readonly TreeFile[]): Record<string, string | undefined> {
  const read = treeToRevision(tree, { idNamespace: 'space' });
  const stored = JSON.parse(JSON.stringify({ content: read.content, config: read.config })) as {
    content: typeof read.content;
    config: typeof read.config;
  };
  const written = revisionToTree(stored.content, { config: stored.config });
  return Object.fromEntries(written.files.map((file) => [file.path, file.text]));
}

function expectLossless(files: Record<string, string>): void {
  const tree = treeOf(files);
  const once = fmt(tree);
  expect(once).toEqual(files);
  expect(fmt(treeOf(once as Record<string, string>))).toEqual(once);
  expect(throughJson(tree)).toEqual(files);
}

describe('push → pull is byte-stable on trees fmt accepts (issue 18, item 4)', () => {
  for (const [name, files] of Object.entries(losslessCases)) {
    it(`keeps ${name}`, () => {
      expectLossless(files);
    });
  }

  it('writes every corpus space the same from its revision after a JSON round trip', () => {
    for (const space of corpusSpaces) {
      const tree = readCorpusTree(space);
      expect(throughJson(tree), space).toEqual(fmt(tree));
    }
  });
});
