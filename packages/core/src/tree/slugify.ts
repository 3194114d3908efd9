/**
 * A URL slug from a title, as GitBook makes them: lower case, runs of anything but letters and
 * digits become one `-`, no `-` at either end (`How-Tos` → `how-tos`, `Q&A` → `q-a`).
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
