import type { Diagnostic } from '../diagnostic.js';
import { dumpYaml, loadYaml } from '../yaml.js';
import { joinPath } from './paths.js';

/** What `.gitbook.yaml` says, with GitBook's defaults filled in. */
export interface GitbookConfig {
  /** The content root, relative to the space directory (`''` for `./`). */
  root: string;
  /** The first page, relative to the root. */
  readme: string;
  /** The table of contents, relative to the root. */
  summary: string;
  /** Old URL path → file path relative to the root. */
  redirects: Record<string, string>;
  /** The `.gitbook.yaml` text these settings were read from: written back as long as it says the same. */
  source?: string;
}

/** The configuration of a space without `.gitbook.yaml`. */
export const defaultConfig: GitbookConfig = {
  root: '',
  readme: 'README.md',
  summary: 'SUMMARY.md',
  redirects: {},
};

const zeroWidth = /\u200b|\u200c|\u200d|\ufeff/g;

/** Reads `.gitbook.yaml` (empty means defaults; unknown keys are ignored, as GitBook does). */
export function parseGitbookConfig(
  text: string,
  path = '.gitbook.yaml',
): { config: GitbookConfig; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let value: unknown;
  try {
    value = loadYaml(text.replace(zeroWidth, '').replace(/\r\n?/g, '\n'));
  } catch (error) {
    diagnostics.push({
      path,
      ruleId: 'gitbook-yaml',
      severity: 'error',
      message: `not valid YAML: ${(error as Error).message.split('\n')[0] ?? ''}`,
    });
    return { config: defaultConfig, diagnostics };
  }
  if (value === undefined || value === null) {
    return { config: { ...defaultConfig, source: text }, diagnostics };
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    diagnostics.push({
      path,
      ruleId: 'gitbook-yaml',
      severity: 'error',
      message: 'not a YAML mapping; defaults used',
    });
    return { config: defaultConfig, diagnostics };
  }
  const raw = value as {
    root?: unknown;
    structure?: { readme?: unknown; summary?: unknown };
    redirects?: unknown;
  };
  const text_ = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  const redirects: Record<string, string> = {};
  if (raw.redirects && typeof raw.redirects === 'object') {
    for (const [from, to] of Object.entries(raw.redirects)) {
      if (typeof to === 'string') redirects[from] = to;
      else {
        diagnostics.push({
          path,
          ruleId: 'gitbook-yaml',
          severity: 'warning',
          message: `the redirect \`${from}\` has no file path as its target; it is ignored`,
        });
      }
    }
  }
  return {
    config: {
      root: joinPath(text_(raw.root, './')) ?? '',
      readme: joinPath(text_(raw.structure?.readme, 'README.md')) ?? 'README.md',
      summary: joinPath(text_(raw.structure?.summary, 'SUMMARY.md')) ?? 'SUMMARY.md',
      redirects,
      source: text,
    },
    diagnostics,
  };
}

/** Whether a config differs from the defaults (and so needs a `.gitbook.yaml`). */
export function isDefaultConfig(config: GitbookConfig): boolean {
  return (
    config.root === '' &&
    config.readme === 'README.md' &&
    config.summary === 'SUMMARY.md' &&
    Object.keys(config.redirects).length === 0
  );
}

/** Whether two configs mean the same (the text they came from aside). */
function sameSettings(a: GitbookConfig, b: GitbookConfig): boolean {
  return (
    a.root === b.root &&
    a.readme === b.readme &&
    a.summary === b.summary &&
    JSON.stringify(a.redirects) === JSON.stringify(b.redirects)
  );
}

/** Writes `.gitbook.yaml`: the text it was read from while that still says the same. */
export function renderGitbookConfig(config: GitbookConfig): string {
  if (
    config.source !== undefined &&
    sameSettings(parseGitbookConfig(config.source).config, config)
  ) {
    return config.source;
  }
  const out: Record<string, unknown> = { root: config.root === '' ? './' : `./${config.root}/` };
  if (config.readme !== 'README.md' || config.summary !== 'SUMMARY.md') {
    out.structure = { readme: config.readme, summary: config.summary };
  }
  if (Object.keys(config.redirects).length > 0) out.redirects = config.redirects;
  return dumpYaml(out, { lineWidth: -1 });
}
