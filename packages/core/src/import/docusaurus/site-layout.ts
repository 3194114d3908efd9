import type { Diagnostic } from '../../diagnostic.js';
import { dirname } from '../../tree/paths.js';
import type { TreeFile } from '../../tree/tree-file.js';
import type { EvaluateModule } from '../shared/evaluate-module.js';

const configNames = ['docusaurus.config.js', 'docusaurus.config.ts', 'docusaurus.config.mjs'];
const sidebarNames = [
  'sidebars.js',
  'sidebars.ts',
  'sidebars.mjs',
  'sidebars.cjs',
  'sidebars.json',
];

/** How a configuration file was read: as literals, by running it, or not at all. */
export type ReadBy = 'static' | 'evaluated' | 'default';

/** One instance of the docs plugin: a folder of docs with its sidebars and route. */
export interface DocsInstance {
  /** The plugin's `id` (`undefined` for the default instance). */
  id?: string;
  docsDir: string;
  sidebarsPath?: string;
  /** The docs' URL path under the site (`docs` by default, `''` for `routeBasePath: '/'`). */
  routeBasePath: string;
}

/** Where a Docusaurus site keeps its docs and sidebars, paths from the imported tree's root. */
export interface SiteLayout {
  /** The folder holding `docusaurus.config.*` (`''` at the root). */
  siteDir: string;
  configPath?: string;
  /** How the docs plugin's options were read from the configuration. */
  configReadBy: ReadBy;
  /** The docs plugin's instances: the preset's (or the default one) first. */
  instances: DocsInstance[];
  /** The site's `baseUrl` without slashes at the ends. */
  baseUrl: string;
  /**
   * The site's own URL (`url`, without a slash at the end) when the configuration gives it as a
   * literal or running it did: links to routes the import does not hold go there.
   */
  url?: string;
  /** `trailingSlash: true`: a page's URL ends with `/`, so relative links resolve from it. */
  trailingSlash: boolean;
  title: string;
  /** The site's `static` folders. */
  staticDirs: string[];
  diagnostics: Diagnostic[];
}

/**
 * Finds the site: `docusaurus.config.*` at the root of the tree, else the shallowest one below it
 * (a repository whose site is in `website/`). The docs plugin's `path`, `sidebarPath` and
 * `routeBasePath` are read as literals; when they are not literals and `evaluate` is given, the
 * configuration is run (in a child process, by the caller) and its exported object read.
 */
export function readSiteLayout(
  files: readonly TreeFile[],
  evaluate: EvaluateModule | undefined,
): SiteLayout {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const configs = files
    .filter((file) => configNames.some((name) => file.path.split('/').pop() === name))
    .filter((file) => !file.path.split('/').includes('node_modules'))
    .sort((a, b) => a.path.split('/').length - b.path.split('/').length);
  const config = configs[0];
  const siteDir = config === undefined ? '' : dirname(config.path);
  const inSite = (path: string) => fromRoot(siteDir, path);
  const diagnostics: Diagnostic[] = [];
  let options: DocsOptions[] | undefined;
  let evaluatedUrl: string | undefined;
  let configReadBy: ReadBy = 'default';
  const text = config?.text ?? '';
  if (config !== undefined) {
    options = staticDocsOptions(text);
    if (options !== undefined) configReadBy = 'static';
    else if (evaluate !== undefined) {
      const evaluated = evaluate(config.path);
      if ('value' in evaluated) {
        options = evaluatedDocsOptions(evaluated.value);
        const value = evaluated.value as { url?: unknown } | null;
        if (typeof value?.url === 'string') evaluatedUrl = value.url;
        configReadBy = 'evaluated';
      } else
        diagnostics.push({
          path: config.path,
          ruleId: 'config-unreadable',
          severity: 'warning',
          message: `the docs plugin's options are not literals and running the file failed (${evaluated.error}); docs are read from \`docs/\``,
        });
    }
  }
  const found = options !== undefined && options.length > 0 ? options : [{}];
  const instances = found.map((instance, index): DocsInstance => {
    const sidebarsPath =
      instance.sidebarPath === undefined
        ? index === 0
          ? sidebarNames.map(inSite).find((path) => byPath.has(path))
          : undefined
        : resolveModulePath(inSite(instance.sidebarPath), byPath);
    return {
      ...(instance.id === undefined ? {} : { id: instance.id }),
      docsDir: inSite(instance.path ?? (instance.id === undefined ? 'docs' : instance.id)),
      ...(sidebarsPath === undefined ? {} : { sidebarsPath }),
      routeBasePath: (
        instance.routeBasePath ?? (instance.id === undefined ? 'docs' : instance.id)
      ).replace(/^\/+|\/+$/g, ''),
    };
  });
  const title = /\btitle\s*:\s*(['"`])(.+?)\1/.exec(text)?.[2] ?? 'Documentation';
  const baseUrl = (/\bbaseUrl\s*:\s*(['"`])(.*?)\1/.exec(text)?.[2] ?? '/').replace(
    /^\/+|\/+$/g,
    '',
  );
  const staticDirs = (
    /staticDirectories\s*:\s*\[([^\]]*)\]/
      .exec(text)?.[1]
      ?.match(/(['"`])([^'"`]+)\1/g)
      ?.map((quoted) => quoted.slice(1, -1)) ?? ['static']
  ).map(inSite);
  const url = (evaluatedUrl ?? staticSiteUrl(text))?.replace(/\/+$/, '');
  return {
    siteDir,
    ...(config === undefined ? {} : { configPath: config.path }),
    configReadBy,
    instances,
    baseUrl,
    ...(url === undefined || !/^https?:\/\/[^/]/.test(url) ? {} : { url }),
    trailingSlash: /(?<![\w.$])trailingSlash\s*:\s*true\b/.test(text),
    title,
    staticDirs,
    diagnostics,
  };
}

/**
 * `path` (relative to the site folder `siteDir`) from the tree's root; `../docs` when it names a
 * folder outside the tree, as a site in `website/` with `path: '../../docs'` does.
 */
function fromRoot(siteDir: string, path: string): string {
  const out: string[] = [];
  let up = 0;
  for (const segment of `${siteDir}/${path}`.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') out.push(segment);
    else if (out.length > 0) out.pop();
    else up++;
  }
  return [...Array.from({ length: up }, () => '..'), ...out].join('/');
}

interface DocsOptions {
  id?: string;
  path?: string;
  sidebarPath?: string;
  routeBasePath?: string;
}

/** `./sidebars` as `require.resolve` finds it: the path itself or with a script extension. */
function resolveModulePath(path: string, byPath: ReadonlyMap<string, TreeFile>): string {
  return (
    ['', '.js', '.ts', '.mjs', '.cjs', '.json']
      .map((extension) => `${path}${extension}`)
      .find((candidate) => byPath.has(candidate)) ?? path
  );
}

const stringValue = (key: string) =>
  new RegExp(`(?<![\\w.$])${key}\\s*:\\s*(?:require\\.resolve\\(\\s*)?(['"\`])([^'"\`]*)\\1`);

/**
 * The docs plugin's instances as literals: each object holding `sidebarPath` (a preset's
 * `docs: {…}` or a `plugin-content-docs` entry), else the preset's `docs: {…}`; none when the
 * configuration names no docs options. `undefined` when an instance's `path`, `id` or
 * `routeBasePath` is code rather than a string.
 */
export function staticDocsOptions(text: string): DocsOptions[] | undefined {
  const starts = new Set<number>();
  for (const match of text.matchAll(/(?<![\w.$])sidebarPath\s*:/g)) {
    const start = enclosingBrace(text, match.index);
    if (start !== undefined) starts.add(start);
  }
  if (starts.size === 0) {
    const docs = /(?<![\w.$])docs\s*:\s*\{/.exec(text);
    if (docs !== null) starts.add(docs.index + docs[0].length - 1);
    else if (/(?<![\w.$])docs\s*:/.test(text)) return undefined;
  }
  const instances: DocsOptions[] = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    const top = topLevel(text.slice(start, matchingBrace(text, start)));
    const read = (key: string) => stringValue(key).exec(top)?.[2];
    // A key that is there but not a string literal is code: the static reading cannot tell.
    const present = (key: string) => new RegExp(`(?<![\\w.$])${key}\\s*:`).test(top);
    const instance: DocsOptions = {};
    for (const key of ['id', 'path', 'sidebarPath', 'routeBasePath'] as const) {
      const value = read(key);
      if (value !== undefined) instance[key] = value;
      else if (key !== 'sidebarPath' && present(key)) return undefined;
    }
    instances.push(instance);
  }
  // The default instance (no `id`) first: its sidebar is the space's own navigation.
  return instances.sort((a, b) => Number(a.id !== undefined) - Number(b.id !== undefined));
}

/** The instances from a configuration that was run: the classic preset's `docs`, the plugin's. */
function evaluatedDocsOptions(value: unknown): DocsOptions[] {
  const record = (v: unknown): Record<string, unknown> | undefined =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  const config = record(value) ?? {};
  const found: Record<string, unknown>[] = [];
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
  for (const entry of [...list(config.presets), ...list(config.plugins)]) {
    if (!Array.isArray(entry)) continue;
    const options = record(entry[1]);
    if (options === undefined) continue;
    // A preset (`classic`) holds the docs options under `docs`; the plugin holds them itself.
    const docs = record(options.docs);
    if (docs !== undefined) found.push(docs);
    else if (String(entry[0]).includes('content-docs')) found.push(options);
  }
  const string = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return found
    .map((docs) => {
      const instance: DocsOptions = {};
      for (const key of ['id', 'path', 'sidebarPath', 'routeBasePath'] as const) {
        const v = string(docs[key]);
        if (v !== undefined) instance[key] = v;
      }
      return instance;
    })
    .sort((a, b) => Number(a.id !== undefined) - Number(b.id !== undefined));
}

/**
 * The site's `url` as a literal (a string, or a template without `${…}`): the one written in the
 * object that also holds `baseUrl`, not a `url` of a nested option.
 */
function staticSiteUrl(text: string): string | undefined {
  for (const match of text.matchAll(/(?<![\w.$])url\s*:\s*(['"`])([^'"`$]*)\1/g)) {
    const start = enclosingBrace(text, match.index);
    if (start === undefined) continue;
    if (/(?<![\w.$])baseUrl\s*:/.test(topLevel(text.slice(start, matchingBrace(text, start)))))
      return match[2];
  }
  return undefined;
}

/** The `{` opening the object `index` is in, skipping nested objects, or `undefined`. */
function enclosingBrace(text: string, index: number): number | undefined {
  let depth = 0;
  for (let cursor = index - 1; cursor >= 0; cursor--) {
    const char = text[cursor];
    if (char === '}') depth++;
    else if (char === '{') {
      if (depth === 0) return cursor;
      depth--;
    }
  }
  return undefined;
}

function matchingBrace(text: string, start: number): number {
  let depth = 0;
  for (let cursor = start; cursor < text.length; cursor++) {
    if (text[cursor] === '{') depth++;
    else if (text[cursor] === '}') {
      depth--;
      if (depth === 0) return cursor + 1;
    }
  }
  return text.length;
}

/** The object's text with its nested objects and arrays blanked: only its own keys remain. */
function topLevel(object: string): string {
  let depth = 0;
  let out = '';
  for (const char of object) {
    if (char === '{' || char === '[') depth++;
    if (depth <= 1) out += char;
    if (char === '}' || char === ']') depth--;
  }
  return out;
}
