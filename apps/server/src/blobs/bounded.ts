import pMap from 'p-map';

/**
 * How many blob store operations one request runs at a time. A fan-out over every file of a tree
 * (1,000s of files) at once would open a file descriptor per blob and fail with EMFILE under the
 * default limit of 1,024; a few dozen keep the disk busy all the same.
 */
export const BLOB_CONCURRENCY = 16;

/** `Promise.all(items.map(work))`, with at most {@link BLOB_CONCURRENCY} running at once. */
export function mapBlobs<T, R>(
  items: Iterable<T>,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  return pMap(items, work, { concurrency: BLOB_CONCURRENCY });
}
