import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';

/** A directory under the OS temp dir that a test owns and removes when done. */
export interface TempDir {
  /** Absolute path of the directory. */
  readonly path: string;
  /** Absolute path of `relPath` inside the directory (rejects paths that escape it). */
  join(relPath: string): string;
  /** Writes a file (creating parent directories); strings are written as UTF-8. */
  write(relPath: string, content: string | Uint8Array): Promise<string>;
  /** Reads a file as UTF-8. */
  read(relPath: string): Promise<string>;
  /** Removes the directory and everything in it. Safe to call twice. */
  remove(): Promise<void>;
}

/** Creates a fresh, empty temporary directory named `docsync-<prefix>-XXXXXX`. */
export async function makeTempDir(prefix = 'test'): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), `docsync-${prefix}-`));
  const join_ = (relPath: string): string => {
    const full = join(path, relPath);
    const rel = relative(path, full);
    if (rel.startsWith('..') || isAbsolute(rel)) {
      throw new Error(`path \`${relPath}\` escapes the temp dir \`${path}\``);
    }
    return full;
  };
  return {
    path,
    join: join_,
    async write(relPath, content) {
      const full = join_(relPath);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, content);
      return full;
    },
    read: (relPath) => readFile(join_(relPath), 'utf8'),
    remove: () => rm(path, { recursive: true, force: true }),
  };
}
