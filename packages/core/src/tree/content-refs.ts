import type { ContentRef } from '../model/content-ref.js';
import { isExternal } from './summary.js';
import { decodePath, dirname, joinPath, relativePath, splitAnchor } from './paths.js';

/** What refs resolve against: the tree's pages, files and reusable contents by path. */
export interface RefTargets {
  pageByPath: PathLookup;
  fileByPath: PathLookup;
  reusableByPath: PathLookup;
}

/**
 * Paths by id, or ids by path; only `get` is needed, so a cache can record which lookups a file
 * depended on.
 */
export type PathLookup = Pick<ReadonlyMap<string, string>, 'get'>;

/** Where refs point when written back: paths by id. */
export interface RefPaths {
  pagePath: PathLookup;
  filePath: PathLookup;
  reusablePath: PathLookup;
}

type UrlRef = { kind: 'url'; url: string };
const isUrlRef = (value: Record<string, unknown>): value is UrlRef =>
  value.kind === 'url' && typeof value.url === 'string' && Object.keys(value).length === 2;

/** A relative link or asset path, from a file at `fromPath`, to a page, anchor or file ref. */
export function resolveRef(ref: UrlRef, fromPath: string, targets: RefTargets): ContentRef {
  if (isExternal(ref.url) || ref.url.startsWith('/') || ref.url.startsWith('#')) return ref;
  const { path, anchor } = splitAnchor(ref.url);
  const target = joinPath(dirname(fromPath), decodePath(path));
  if (target === undefined) return ref;
  const page = targets.pageByPath.get(target);
  if (page !== undefined)
    return anchor === undefined ? { kind: 'page', page } : { kind: 'anchor', page, anchor };
  const file = targets.fileByPath.get(target);
  if (file !== undefined && anchor === undefined) return { kind: 'file', file };
  return ref;
}

/** A page, anchor, file or reusable-content ref written back as a path relative to `fromPath`. */
export function unresolveRef(ref: ContentRef, fromPath: string, paths: RefPaths): ContentRef {
  const from = dirname(fromPath);
  if (ref.kind === 'page' && ref.space === undefined) {
    const path = paths.pagePath.get(ref.page);
    if (path !== undefined) return { kind: 'url', url: relativePath(from, path) };
  }
  if (ref.kind === 'anchor' && ref.space === undefined && ref.page !== undefined) {
    const path = paths.pagePath.get(ref.page);
    if (path !== undefined)
      return { kind: 'url', url: `${relativePath(from, path)}#${ref.anchor}` };
  }
  if (ref.kind === 'file') {
    const path = paths.filePath.get(ref.file);
    if (path !== undefined) return { kind: 'url', url: relativePath(from, path) };
  }
  return ref;
}

/**
 * Maps every content ref in a JSON value (documents, page covers): relative paths become page,
 * anchor and file refs on read; the reverse on write. Includes are mapped by their own rule.
 * Nothing is mutated, and what holds no changed ref is returned as it is, not copied (a page
 * without links costs a walk, not a copy of its document).
 */
export function mapRefs<T>(
  value: T,
  map: (ref: Record<string, unknown>) => Record<string, unknown> | undefined,
): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const next = mapRefs(item, map);
      if (next !== item) out ??= value.slice();
      if (out !== undefined) out[index] = next;
    }
    return (out ?? value) as T;
  }
  const record = value as Record<string, unknown>;
  const mapped = typeof record.kind === 'string' ? map(record) : undefined;
  if (mapped) return mapped as T;
  let out: Record<string, unknown> | undefined;
  for (const key in record) {
    const child = record[key];
    const next = mapRefs(child, map);
    if (next !== child) {
      out ??= { ...record };
      out[key] = next;
    }
  }
  return (out ?? record) as T;
}

/** Resolves every ref of a document-like value read from the file at `fromPath`. */
export function resolveRefs<T>(value: T, fromPath: string, targets: RefTargets): T {
  return mapRefs(value, (ref) => {
    if (isUrlRef(ref)) return resolveRef(ref, fromPath, targets);
    if (ref.kind === 'reusable-content' && typeof ref.reusableContent === 'string') {
      const target = joinPath(dirname(fromPath), decodePath(ref.reusableContent));
      const id = target === undefined ? undefined : targets.reusableByPath.get(target);
      return id === undefined ? ref : { ...ref, reusableContent: id };
    }
    return undefined;
  });
}

/** Writes every resolvable ref of a value back as a path relative to `fromPath`. */
export function unresolveRefs<T>(value: T, fromPath: string, paths: RefPaths): T {
  return mapRefs(value, (ref) => {
    if (ref.kind === 'reusable-content' && typeof ref.reusableContent === 'string') {
      const path = paths.reusablePath.get(ref.reusableContent);
      return path === undefined
        ? ref
        : { ...ref, reusableContent: relativePath(dirname(fromPath), path) };
    }
    if (ref.kind === 'page' || ref.kind === 'anchor' || ref.kind === 'file') {
      const out = unresolveRef(ref as ContentRef, fromPath, paths);
      return out === ref ? ref : out;
    }
    return undefined;
  });
}
