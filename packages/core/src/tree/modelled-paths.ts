import { defaultConfig, parseGitbookConfig } from './gitbook-config.js';
import { decodePath, dirname, joinPath, splitAnchor } from './paths.js';
import { parseSummary, type SummaryEntry } from './summary.js';

/**
 * Which files of a docs tree the service reads into a space's content, as `treeToRevision` reads
 * them: `.gitbook.yaml`, the table of contents, the landing page, the pages SUMMARY.md lists (every
 * `.md` file when there is none), `.gitbook/assets/`, `.gitbook/includes/*.md` and
 * `.gitbook/vars.yaml` under the root. Anything else (a LICENSE, docsync.json, a page SUMMARY.md
 * does not list, files outside the root) may differ between a branch and the space without either
 * side missing a change. Cheap: only `.gitbook.yaml` and SUMMARY.md are read (`textOf`); a file
 * it cannot tell about counts as read.
 */
export function modelledPaths(
  textOf: (path: string) => string | undefined,
): (path: string) => boolean {
  const configText = textOf('.gitbook.yaml');
  const config = configText === undefined ? defaultConfig : parseGitbookConfig(configText).config;
  const prefix = config.root === '' ? '' : `${config.root}/`;
  const inRoot = (path: string) => `${prefix}${path}`;
  const summaryPath = inRoot(config.summary);
  const summaryText = textOf(summaryPath);
  let listed: Set<string> | undefined;
  if (summaryText !== undefined) {
    listed = new Set();
    const summaryDir = dirname(summaryPath);
    const add = (entries: readonly SummaryEntry[]): void => {
      for (const entry of entries) {
        if (entry.kind === 'page') {
          const path = joinPath(summaryDir, decodePath(splitAnchor(entry.path).path));
          if (path !== undefined) listed?.add(path);
        }
        add(entry.children);
      }
    };
    const { summary } = parseSummary(summaryText);
    add(summary.entries);
    for (const group of summary.groups) add(group.entries);
  }
  const always = new Set(['.gitbook.yaml', summaryPath, inRoot(config.readme)]);
  return (path) => {
    if (always.has(path)) return true;
    if (!path.startsWith(prefix)) return false;
    const inside = path.slice(prefix.length);
    if (inside.startsWith('.gitbook/assets/') || inside === '.gitbook/vars.yaml') return true;
    if (inside.startsWith('.gitbook/includes/')) return inside.endsWith('.md');
    if (!inside.endsWith('.md')) return false;
    if (listed !== undefined) return listed.has(path);
    // Without SUMMARY.md every page outside .gitbook/ is read (see `inferSummary`).
    return !inside.startsWith('.gitbook/') && !/(^|\/)SUMMARY\.md$/.test(inside);
  };
}
