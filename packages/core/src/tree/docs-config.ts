import type { Diagnostic } from '../diagnostic.js';
import { loadYaml } from '../yaml.js';
import { joinPath } from './paths.js';

/** The names site-wide Git Sync uses for its configuration, newest first. */
export const docsConfigNames = ['docs.yaml', 'gitbook-docs.yaml'] as const;

/** One space that `docs.yaml` maps, with where it sits in the site's structure. */
export interface DocsSpace {
  /** Stable identity: changing it makes a new space. */
  key: string;
  title: string;
  /** The URL path segment. */
  path?: string;
  /**
   * The space's directory relative to the project directory (`''` for the project directory
   * itself), or `null` when the space is not synced (`directory: null`, or outside the project).
   */
  directory: string | null;
  language?: string;
  hidden?: boolean;
  default?: boolean;
  /** Keys of the sections and section groups above the space, outermost first. */
  parents: string[];
}

/** What `docs.yaml` says about the spaces of a site. */
export interface DocsConfig {
  siteTitle?: string;
  spaces: DocsSpace[];
}

interface RawItem {
  type?: unknown;
  key?: unknown;
  title?: unknown;
  path?: unknown;
  hidden?: unknown;
  default?: unknown;
  children?: unknown;
  content?: { directory?: unknown; language?: unknown } | null;
}

/**
 * Reads site-wide Git Sync's `docs.yaml` (or its older name `gitbook-docs.yaml`). `./x` and `x`
 * are inside the project directory; `/x` is from the repository root, which `projectDir` (the
 * project directory's path from the repository root, `''` by default) places.
 */
export function parseDocsConfig(
  text: string,
  path = 'docs.yaml',
  projectDir = '',
): { config: DocsConfig; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const problem = (message: string) =>
    diagnostics.push({ path, ruleId: 'docs-yaml', severity: 'error', message });
  let value: unknown;
  try {
    value = loadYaml(text.replace(/\r\n?/g, '\n'));
  } catch (error) {
    problem(`not valid YAML: ${(error as Error).message.split('\n')[0] ?? ''}`);
    return { config: { spaces: [] }, diagnostics };
  }
  const site = (value as { site?: unknown } | null)?.site as
    { title?: unknown; structure?: unknown } | null | undefined;
  if (typeof site !== 'object' || site === null || !Array.isArray(site.structure)) {
    problem('expected `site.structure` to be a list of sections, section groups and spaces');
    return { config: { spaces: [] }, diagnostics };
  }
  const spaces: DocsSpace[] = [];
  const keys = new Set<string>();
  const visit = (items: readonly unknown[], parents: string[]) => {
    for (const item of items as RawItem[]) {
      const key = typeof item.key === 'string' ? item.key : undefined;
      if (key === undefined) {
        problem(`an item of type \`${String(item.type)}\` has no \`key\`; it is skipped`);
        continue;
      }
      if (keys.has(key)) {
        problem(`the key \`${key}\` is used twice; the second item is skipped`);
        continue;
      }
      keys.add(key);
      if (item.type === 'space') {
        spaces.push(readSpace(item, key, parents, projectDir, problem));
      } else if (item.type === 'section' || item.type === 'section-group') {
        if (Array.isArray(item.children)) visit(item.children, [...parents, key]);
      } else {
        problem(`\`${key}\` has the unknown type \`${String(item.type)}\`; it is skipped`);
      }
    }
  };
  visit(site.structure, []);
  return {
    config: { ...(typeof site.title === 'string' ? { siteTitle: site.title } : {}), spaces },
    diagnostics,
  };
}

function readSpace(
  item: RawItem,
  key: string,
  parents: string[],
  projectDir: string,
  problem: (message: string) => void,
): DocsSpace {
  const written = item.content?.directory;
  let directory: string | null = null;
  if (typeof written === 'string') {
    directory = resolveDirectory(written, projectDir);
    if (directory === null) {
      problem(`\`${key}\`: the directory \`${written}\` is outside the project directory`);
    }
  }
  const language = item.content?.language;
  return {
    key,
    title: typeof item.title === 'string' ? item.title : key,
    ...(typeof item.path === 'string' ? { path: item.path } : {}),
    directory,
    ...(typeof language === 'string' ? { language } : {}),
    ...(typeof item.hidden === 'boolean' ? { hidden: item.hidden } : {}),
    ...(typeof item.default === 'boolean' ? { default: item.default } : {}),
    parents,
  };
}

/** A `content.directory` as a path relative to the project directory, or null outside it. */
function resolveDirectory(written: string, projectDir: string): string | null {
  if (!written.startsWith('/')) return joinPath(written) ?? null;
  const fromRoot = joinPath(written);
  const project = joinPath(projectDir) ?? '';
  if (fromRoot === undefined) return null;
  if (project === '') return fromRoot;
  if (fromRoot === project) return '';
  return fromRoot.startsWith(`${project}/`) ? fromRoot.slice(project.length + 1) : null;
}
