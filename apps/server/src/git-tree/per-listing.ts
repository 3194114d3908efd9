import type { GitTree } from '@docsync/api';

/**
 * `derive` worked out once per listing object and kept as long as the listing lives: what every
 * batch of a first pull (dozens of requests against one kept listing) would otherwise build
 * again from all of its files.
 */
export function perListing<T>(derive: (listing: GitTree) => T): (listing: GitTree) => T {
  const known = new WeakMap<GitTree, T>();
  return (listing) => {
    if (known.has(listing)) return known.get(listing) as T;
    const value = derive(listing);
    known.set(listing, value);
    return value;
  };
}
