import { basename, dirname } from '../../tree/paths.js';
import { slugify } from '../../tree/slugify.js';
import { titleFromName } from './imported-page.js';
import type { NavNode } from './nav-node.js';
import { compareOrdered, type Ordered } from './order.js';

/** A page file placed by its folder. */
export interface FolderEntry {
  source: string;
  /** Its path under the root the hierarchy starts at. */
  relativePath: string;
  position: number | undefined;
}

/** Whether a file name is a folder's own page (`index.md`, `README.md`). */
export function isIndexName(name: string): boolean {
  return /^(index|readme)\.(md|mdx|markdown)$/i.test(name);
}

/**
 * The hierarchy of plain folders: a folder's index (`index.md`, else `README.md`) is its page and
 * the folder's other files and subfolders are its children (a folder without one is a section
 * named after it); the root's index comes first. Siblings are ordered by position (a subfolder
 * takes its index's), then name.
 */
export function folderNav(entries: readonly FolderEntry[]): NavNode[] {
  const indexOf = (folder: string) => {
    const candidates = entries.filter(
      (entry) =>
        dirname(entry.relativePath) === folder && isIndexName(basename(entry.relativePath)),
    );
    return (
      candidates.find((entry) => /^index\./i.test(basename(entry.relativePath))) ?? candidates[0]
    );
  };
  const children = (folder: string): (Ordered & { node: NavNode })[] => {
    const prefix = folder === '' ? '' : `${folder}/`;
    const index = indexOf(folder);
    const items: (Ordered & { node: NavNode })[] = [];
    const subfolders = new Set<string>();
    for (const entry of entries) {
      if (!entry.relativePath.startsWith(prefix)) continue;
      const rest = entry.relativePath.slice(prefix.length);
      if (rest.includes('/')) subfolders.add(prefix + (rest.split('/')[0] ?? ''));
      else if (entry !== index)
        items.push({
          position: entry.position,
          name: basename(entry.relativePath),
          node: { kind: 'page', source: entry.source, children: [] },
        });
    }
    for (const sub of subfolders) {
      const subIndex = indexOf(sub);
      const nodes = children(sub).map((item) => item.node);
      const name = basename(sub);
      items.push({
        position: subIndex?.position,
        name,
        node:
          subIndex === undefined
            ? { kind: 'section', title: titleFromName(name), slug: slugify(name), children: nodes }
            : { kind: 'page', source: subIndex.source, children: nodes },
      });
    }
    return items.sort(compareOrdered);
  };
  const rootIndex = indexOf('');
  const top = children('').map((item) => item.node);
  return rootIndex === undefined
    ? top
    : [{ kind: 'page', source: rootIndex.source, children: [] }, ...top];
}
