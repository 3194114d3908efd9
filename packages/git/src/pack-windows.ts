/** Bytes per window: a few dozen small tree or page entries, one read. */
export const WINDOW_SIZE = 32 * 1024;
/** Windows kept per store (4 MiB): the trees of a large docs tree fit several times over. */
const WINDOW_CAPACITY = 128;

/** Reads up to `length` bytes of a file from `position`. */
export type RangeRead = (path: string, position: number, length: number) => Promise<Uint8Array>;

/**
 * Small reads of pack files served from aligned windows, as git maps packs in windows. git
 * writes a pack's trees next to each other, so listing a commit's 4,000 trees costs a few dozen
 * reads instead of one file system call per tree (each a trip through libuv's thread pool).
 * Packs never change under their name, so a window never goes stale; the least recently used
 * window is dropped past {@link WINDOW_CAPACITY}. Reads longer than a window go straight to the
 * file.
 */
export class PackWindows {
  #read: RangeRead;
  #windows = new Map<string, Promise<Uint8Array>>();

  constructor(read: RangeRead) {
    this.#read = read;
  }

  /** Up to `length` bytes of `path` from `position`, as {@link RangeRead}. */
  async read(path: string, position: number, length: number): Promise<Uint8Array> {
    if (length > WINDOW_SIZE) return this.#read(path, position, length);
    const first = Math.floor(position / WINDOW_SIZE);
    const last = Math.floor((position + length - 1) / WINDOW_SIZE);
    const start = position - first * WINDOW_SIZE;
    if (first === last) {
      const window = await this.#window(path, first);
      return window.subarray(start, start + length);
    }
    const [head, tail] = await Promise.all([this.#window(path, first), this.#window(path, last)]);
    return Buffer.concat([head, tail]).subarray(start, start + length);
  }

  #window(path: string, index: number): Promise<Uint8Array> {
    const key = `${path}:${String(index)}`;
    let window = this.#windows.get(key);
    if (window !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.#windows.delete(key);
    } else {
      window = this.#read(path, index * WINDOW_SIZE, WINDOW_SIZE);
      window.catch(() => this.#windows.delete(key));
      if (this.#windows.size >= WINDOW_CAPACITY) {
        const [oldest] = this.#windows.keys();
        if (oldest !== undefined) this.#windows.delete(oldest);
      }
    }
    this.#windows.set(key, window);
    return window;
  }
}
