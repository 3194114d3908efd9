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
          readRange: rangeReader<number>(
            (path) => open(path, 'r'),
            async (fd, buffer, position) => read(fd, buffer, 0, buffer.length, position),
            (fd) => close(fd),
          ),
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
          readRange: rangeReader<PromiseFileHandle>(
            (path) => open(path, 'r'),
            async (handle, buffer, position) =>
              (await handle.read(buffer, 0, buffer.length, position)).bytesRead,
            (handle) => handle.close(),
          ),
        }
      : {}),
  };
}

/** How long a file read by ranges stays open after its last read. */
const KEEP_OPEN_MS = 200;

/**
 * `readRange` over open/read/close that keeps each file open while reads keep coming (a tree
 * read takes thousands of objects from one pack file) and closes it once it has been idle for
 * {@link KEEP_OPEN_MS}. Reads are positional, so concurrent ones share a handle safely; the idle
 * timer does not keep the process alive.
 */
function rangeReader<H>(
  open: (path: string) => Promise<H>,
  read: (handle: H, buffer: Uint8Array, position: number) => Promise<number>,
  close: (handle: H) => Promise<unknown>,
): NonNullable<RepoFs['readRange']> {
  interface Entry {
    handle: Promise<H>;
    readers: number;
    timer?: ReturnType<typeof setTimeout>;
  }
  const kept = new Map<string, Entry>();
  const release = (path: string, entry: Entry) => {
    if (--entry.readers > 0 || kept.get(path) !== entry) return;
    entry.timer = setTimeout(() => {
      if (kept.get(path) !== entry || entry.readers > 0) return;
      kept.delete(path);
      entry.handle.then(close).catch(() => undefined);
    }, KEEP_OPEN_MS);
    entry.timer.unref();
  };
  return async (path, position, length) => {
    let entry = kept.get(path);
    if (entry === undefined) {
      entry = { handle: open(path), readers: 0 };
      kept.set(path, entry);
    }
    entry.readers++;
    clearTimeout(entry.timer);
    const reading = entry;
    try {
      const handle = await entry.handle.catch((error: unknown) => {
        kept.delete(path);
        throw error;
      });
      const buffer = new Uint8Array(length);
      const bytesRead = await read(handle, buffer, position);
      return buffer.subarray(0, bytesRead);
    } finally {
      release(path, reading);
    }
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
