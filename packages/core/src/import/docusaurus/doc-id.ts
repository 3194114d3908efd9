/**
 * A file or folder name without the number prefix Docusaurus uses for ordering (`01-intro` →
 * `intro`, position 1); names that are only a number keep it.
 */
export function stripNumberPrefix(name: string): { name: string; position: number | undefined } {
  const match = /^(\d+)\s*[-_.]+\s*(.*[^\d.].*)$/.exec(name);
  if (!match?.[2]) return { name, position: undefined };
  return { name: match[2], position: Number(match[1]) };
}

/**
 * A doc's id as Docusaurus derives it: its path under `docs/` without the extension and without
 * number prefixes, its last segment replaced by the front matter `id` when there is one.
 */
export function docIdOf(relativePath: string, frontMatterId: string | undefined): string {
  const segments = relativePath
    .replace(/\.mdx?$/, '')
    .split('/')
    .map((segment) => stripNumberPrefix(segment).name);
  if (frontMatterId !== undefined) segments[segments.length - 1] = frontMatterId;
  return segments.join('/');
}
