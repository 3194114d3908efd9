import { slugify } from '../change-requests/content-changes/page-tree.js';
import { BadRequestError } from '../errors.js';

/** The longest path of a section or site space ("path 1..100"). */
const MAX_PATH = 100;

/**
 * A path made from a title, as page slugs are (`Getting Started` → `getting-started`), made
 * unique among `taken` with `-2`, `-3`… and kept within 100 characters.
 */
export function pathFromTitle(title: string, taken: ReadonlySet<string>): string {
  const base = slugify(title).slice(0, MAX_PATH - 6);
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

/**
 * 400 unless `path` is one segment of a URL path: letters, digits, `-`, `_`, `.` and `~`,
 * and not `.` or `..`. `field` names it as validation messages do (`body/path`).
 */
export function checkPath(path: string, field: string): void {
  if (!/^[\p{L}\p{N}._~-]+$/u.test(path) || path === '.' || path === '..') {
    throw new BadRequestError(
      `${field} \`${path}\` is not a path segment (letters, digits, \`-\`, \`_\`, \`.\`, \`~\`)`,
    );
  }
}
