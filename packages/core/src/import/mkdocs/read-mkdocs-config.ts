import { DEFAULT_SCHEMA, load, Type } from 'js-yaml';
import type { Diagnostic } from '../../diagnostic.js';

/** One entry of `nav:`: a page path, a titled page or link, or a titled section. */
export type MkdocsNavEntry =
  | { kind: 'page'; path: string; title?: string }
  | { kind: 'link'; title: string; href: string }
  | { kind: 'section'; title: string; children: MkdocsNavEntry[] };

/** What the importer reads from `mkdocs.yml`. */
export interface MkdocsConfig {
  siteName?: string;
  docsDir: string;
  /** `undefined` when there is no `nav`: the pages are then placed by their folders. */
  nav?: MkdocsNavEntry[];
}

/**
 * `mkdocs.yml` is full of tags that name Python objects (`!!python/name:…`) or plugin values
 * (`!ENV`, `!relative`); they are read as opaque values rather than rejected, since the importer
 * needs only `site_name`, `docs_dir` and `nav`.
 */
const schema = DEFAULT_SCHEMA.extend(
  (['scalar', 'sequence', 'mapping'] as const).flatMap((kind) =>
    ['tag:yaml.org,2002:python/', '!'].map(
      (prefix) =>
        new Type(prefix, {
          kind,
          multi: true,
          construct: (data: unknown, tag?: string) => ({ tag, data }),
        }),
    ),
  ),
);

/** Reads `mkdocs.yml`; what cannot be read is a diagnostic (and the defaults). */
export function readMkdocsConfig(text: string): {
  config: MkdocsConfig;
  diagnostics: Diagnostic[];
} {
  let value: unknown;
  try {
    value = load(text, { schema });
  } catch (error) {
    return {
      config: { docsDir: 'docs' },
      diagnostics: [
        {
          ruleId: 'mkdocs-config',
          severity: 'error',
          message: `mkdocs.yml is not valid YAML (${(error as Error).message.split('\n')[0] ?? ''}); pages are placed by their folders`,
        },
      ],
    };
  }
  const record =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const diagnostics: Diagnostic[] = [];
  const docsDir =
    typeof record.docs_dir === 'string' ? record.docs_dir.replace(/^\.\/|\/+$/g, '') : 'docs';
  const config: MkdocsConfig = { docsDir };
  if (typeof record.site_name === 'string') config.siteName = record.site_name;
  if (Array.isArray(record.nav)) config.nav = readEntries(record.nav, diagnostics);
  else if (record.nav !== undefined)
    diagnostics.push(navIgnored('`nav` is not a list; pages are placed by their folders'));
  return { config, diagnostics };
}

function readEntries(list: readonly unknown[], diagnostics: Diagnostic[]): MkdocsNavEntry[] {
  return list.flatMap((item): MkdocsNavEntry[] => {
    if (typeof item === 'string') return [entryFor(undefined, item)];
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const pairs = Object.entries(item as Record<string, unknown>);
      const [pair] = pairs;
      if (pairs.length === 1 && pair !== undefined) {
        const [title, target] = pair;
        if (typeof target === 'string') return [entryFor(title, target)];
        if (Array.isArray(target))
          return [{ kind: 'section', title, children: readEntries(target, diagnostics) }];
      }
    }
    diagnostics.push(
      navIgnored(`nav entry \`${JSON.stringify(item)}\` is not a page, link or section; left out`),
    );
    return [];
  });
}

function entryFor(title: string | undefined, target: string): MkdocsNavEntry {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target))
    return { kind: 'link', title: title ?? target, href: target };
  return { kind: 'page', path: target, ...(title === undefined ? {} : { title }) };
}

function navIgnored(message: string): Diagnostic {
  return { ruleId: 'mkdocs-nav', severity: 'warning', message };
}
