import { join } from 'node:path';
import { gitBlobId, type TreeFile } from '@docsync/core';
import type { CliFs } from './cli-io.js';

/** Directories a docs tree never holds content in. */
const skipped = new Set(['.git', 'node_modules']);
const textFile = /\.(md|ya?ml)$/i;

/** A docs tree read from disk: its files for core, and the bytes of each by path. */
export interface DiskTree {
  files: TreeFile[];
  bytes: Map<string, Uint8Array>;
}

/**
 * Reads every file under `dir` (but `.git` and `node_modules`) as tree files relative to it:
 * markdown and YAML (or the files `text` matches) with their text, every file with its git blob id.
 */
export async function readDocsTree(fs: CliFs, dir: string, text = textFile): Promise<DiskTree> {
  const files: TreeFile[] = [];
  const bytes = new Map<string, Uint8Array>();
  const walk = async (relDir: string): Promise<void> => {
    const entries = await fs.readdir(join(dir, relDir), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name)) await walk(rel);
        continue;
      }
      if (!entry.isFile()) continue;
      const content = await fs.readFile(join(dir, rel));
      bytes.set(rel, content);
      files.push({
        path: rel,
        oid: gitBlobId(content),
        size: content.byteLength,
        ...(text.test(rel) ? { text: new TextDecoder().decode(content) } : {}),
      });
    }
  };
  await walk('');
  return { files, bytes };
}
