import type { SummaryEntry } from './summary.js';
import { basename, dirname } from './paths.js';

/**
 * The table of contents of a tree without SUMMARY.md, from its folders: the readme first, then
 * in each folder its files and subfolders by name; a folder's README.md is the folder's page and
 * its other pages are that page's children (a folder without README.md adds its pages in place).
 */
export function inferSummary(
  paths: readonly string[],
  root: string,
  readmePath: string,
): { entries: SummaryEntry[]; groups: [] } {
  const prefix = root === '' ? '' : `${root}/`;
  const pages = paths
    .filter(
      (path) =>
        path.endsWith('.md') && path.startsWith(prefix) && !path.startsWith(`${prefix}.gitbook/`),
    )
    .map((path) => path.slice(prefix.length))
    .filter((path) => !/(^|\/)SUMMARY\.md$/.test(path));
  const readme = readmePath.slice(prefix.length);

  const titleOf = (path: string) => {
    const name =
      basename(path) === 'README.md'
        ? basename(dirname(path))
        : basename(path).replace(/\.md$/, '');
    return name.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
  };
  const entriesIn = (dir: string): SummaryEntry[] => {
    const inDir = pages.filter(
      (path) => dirname(path) === dir && path !== readme && basename(path) !== 'README.md',
    );
    const subdirs = [
      ...new Set(
        pages
          .filter((path) => path.startsWith(dir === '' ? '' : `${dir}/`) && dirname(path) !== dir)
          .map((path) => path.slice(dir === '' ? 0 : dir.length + 1).split('/')[0] ?? ''),
      ),
    ].map((name) => (dir === '' ? name : `${dir}/${name}`));
    const items: { key: string; entries: SummaryEntry[] }[] = [
      ...inDir.map((path) => ({
        key: basename(path).replace(/\.md$/, ''),
        entries: [page(path, [])],
      })),
      ...subdirs.map((sub) => {
        const readmeOfSub = `${sub}/README.md`;
        const children = entriesIn(sub);
        return {
          key: basename(sub),
          entries:
            pages.includes(readmeOfSub) && readmeOfSub !== readme
              ? [page(readmeOfSub, children)]
              : children,
        };
      }),
    ];
    return items.sort((a, b) => a.key.localeCompare(b.key)).flatMap((item) => item.entries);
  };
  const page = (path: string, children: SummaryEntry[]): SummaryEntry => ({
    kind: 'page',
    title: titleOf(path),
    path,
    children,
  });

  const entries = entriesIn('');
  if (pages.includes(readme))
    entries.unshift({ kind: 'page', title: 'Introduction', path: readme, children: [] });
  return { entries, groups: [] };
}
