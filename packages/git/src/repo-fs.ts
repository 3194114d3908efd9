import type { FsClient } from 'isomorphic-git';

/**
 * The few file operations this package does itself (isomorphic-git does the rest): reading
 * objects and pack indexes, and the lock-file dance of a ref update.
 */
export interface RepoFs {
  readFile(path: string): Promise<Uint8Array>;
  /** `flag: 'wx'` creates the file only when it does not exist (O_EXCL), as git's `.lock` does. */
  writeFile(path: string, data: string | Uint8Array, options?: { flag?: string }): Promise<void>;
  unlink(path: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
  mkdir(path: string, options?: { recursive?: boolean }): Promise<unknown>;
  stat(path: string): Promise<unknown>;
  /** Missing from some isomorphic-git file systems; ref updates then write in place. */
  rename?(from: string, to: string): Promise<void>;
  /** Up to `length` bytes from `position`; missing when the file system cannot read ranges. */
  readRange?(path: string, position: number, length: number): Promise<Uint8Array>;
}

type Callback<T> = (error: unknown, value: T) => void;
type CallbackFn = (...args: unknown[]) => void;
type PromiseFileHandle = {
  read(
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number,
  ): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
};

const fsCache = new WeakMap<object, RepoFs>();

/**
 * The promise API of an isomorphic-git file system. Node's callback API is preferred when the
 * file system has one: on Node 24 a callback `readFile` of a small file is about twice as fast
 * as `fs.promises.readFile`, and reading a tree reads thousands of small objects.
 */
export function repoFs(fs: FsClient): RepoFs {
  let wrapped = fsCache.get(fs);
  if (!wrapped) {
    wrapped =
      typeof (fs as { readFile?: unknown }).readFile === 'function'
        ? fromCallbacks(fs)
        : fromPromises(fs);
    fsCache.set(fs, wrapped);
  }
  return wrapped;
}

function fromCallbacks(fs: FsClient): RepoFs {
  const target = fs as unknown as Record<string, unknown>;
  const call = <T>(name: string) => promisify<T>(target, name);
  const has = (name: string) => typeof target[name] === 'function';
  const open = call<number>('open');
  const read = call<number>('read');
  const close = call<undefined>('close');
  return {
    readFile: call('readFile'),
    writeFile: call('writeFile'),
    unlink: call('unlink'),
    readdir: call('readdir'),
    mkdir: call('mkdir'),
    stat: call('stat'),
    ...(has('rename') ? { rename: call<undefined>('rename') } : {}),
    ...(has('open') && has('read') && has('close')
      ? {
          async readRange(path, position, length) {
            const fd = await open(path, 'r');
            try {
              const buffer = new Uint8Array(length);
              const bytesRead = await read(fd, buffer, 0, length, position);
              return buffer.subarray(0, bytesRead);
            } finally {
              await close(fd);
            }
          },
        }
      : {}),
  };
}

function fromPromises(fs: FsClient): RepoFs {
  const promises = (fs as { promises: Record<string, unknown> }).promises;
  const base = promises as unknown as RepoFs & {
    open?: (path: string, flags: string) => Promise<PromiseFileHandle>;
  };
  const open = base.open?.bind(promises);
  return {
    readFile: base.readFile.bind(promises),
    writeFile: base.writeFile.bind(promises),
    unlink: base.unlink.bind(promises),
    readdir: base.readdir.bind(promises),
    mkdir: base.mkdir.bind(promises),
    stat: base.stat.bind(promises),
    ...(base.rename ? { rename: base.rename.bind(promises) } : {}),
    ...(open
      ? {
          async readRange(path, position, length) {
            const handle = await open(path, 'r');
            try {
              const buffer = new Uint8Array(length);
              const { bytesRead } = await handle.read(buffer, 0, length, position);
              return buffer.subarray(0, bytesRead);
            } finally {
              await handle.close();
            }
          },
        }
      : {}),
  };
}

/** Wraps a callback-style method so it returns a promise. */
function promisify<T>(
  target: Record<string, unknown>,
  name: string,
): (...args: unknown[]) => Promise<T> {
  return (...args) =>
    new Promise<T>((resolve, reject) => {
      const method = target[name] as CallbackFn;
      const done: Callback<T> = (error, value) => {
        if (error)
          reject(
            error instanceof Error ? error : new Error('file system call failed', { cause: error }),
          );
        else resolve(value);
      };
      method.call(target, ...args, done);
    });
}

/** The error code of a file system error (`ENOENT`, `EEXIST`), if it has one. */
export function fsErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    return typeof error.code === 'string' ? error.code : undefined;
  }
  return undefined;
}
