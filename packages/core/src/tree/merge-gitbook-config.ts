import { mergeText, type TextMergeStrategy } from '../merge/merge-text.js';
import { parseGitbookConfig, renderGitbookConfig, type GitbookConfig } from './gitbook-config.js';

/** A setting of `.gitbook.yaml` both sides changed, each differently. */
export interface ConfigConflict {
  /** `root`, `structure.readme`, `structure.summary` or `redirects.<old path>`. */
  setting: string;
  /** Each side's value; `undefined` where the side has no such redirect. */
  base: string | undefined;
  ours: string | undefined;
  theirs: string | undefined;
}

/** The three-way merge of a space's `.gitbook.yaml` settings. */
export interface ConfigMerge {
  /** The merged settings; a conflicting setting takes the preferred side's value. */
  config: GitbookConfig;
  /** Empty when the merge is clean. */
  conflicts: ConfigConflict[];
}

const REDIRECT = 'redirects.';

/** A config as setting → value, redirects one setting each, in the file's order. */
function settingsOf(config: GitbookConfig): Map<string, string> {
  const settings = new Map<string, string>([
    ['root', config.root],
    ['structure.readme', config.readme],
    ['structure.summary', config.summary],
  ]);
  for (const [from, to] of Object.entries(config.redirects)) settings.set(REDIRECT + from, to);
  return settings;
}

function configOf(settings: ReadonlyMap<string, string>, source?: string): GitbookConfig {
  const redirects: Record<string, string> = {};
  for (const [setting, value] of settings)
    if (setting.startsWith(REDIRECT)) redirects[setting.slice(REDIRECT.length)] = value;
  return {
    root: settings.get('root') ?? '',
    readme: settings.get('structure.readme') ?? 'README.md',
    summary: settings.get('structure.summary') ?? 'SUMMARY.md',
    redirects,
    ...(source === undefined ? {} : { source }),
  };
}

function sameSettings(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return a.size === b.size && [...a].every(([setting, value]) => b.get(setting) === value);
}

/**
 * Merges `.gitbook.yaml` settings three-way, setting by setting and redirect by redirect (keyed
 * by the old path): a setting one side changed, added or removed takes that side's value, so
 * redirects both sides added are all kept, wherever in the file each side wrote them. A setting
 * both changed differently is a conflict, settled by `prefer`.
 *
 * The merged text keeps the sides' own writing (comments, quoting, order) where a line-by-line
 * merge of their texts says exactly the merged settings; otherwise the settings are written
 * anew.
 */
export function mergeGitbookConfigs(
  base: GitbookConfig,
  ours: GitbookConfig,
  theirs: GitbookConfig,
  prefer: TextMergeStrategy = 'ours',
): ConfigMerge {
  const [b, o, t] = [settingsOf(base), settingsOf(ours), settingsOf(theirs)];
  const merged = new Map<string, string>();
  const conflicts: ConfigConflict[] = [];
  // Ours' order, then what only theirs has, then what only the base had.
  for (const setting of new Set([...o.keys(), ...t.keys(), ...b.keys()])) {
    const [bv, ov, tv] = [b.get(setting), o.get(setting), t.get(setting)];
    let value: string | undefined;
    if (ov === tv || tv === bv) value = ov;
    else if (ov === bv) value = tv;
    else {
      conflicts.push({ setting, base: bv, ours: ov, theirs: tv });
      value = prefer === 'ours' ? ov : tv;
    }
    if (value !== undefined) merged.set(setting, value);
  }
  if (ours.source === undefined && theirs.source === undefined)
    return { config: configOf(merged), conflicts };
  const text = mergeText(
    renderGitbookConfig(base),
    renderGitbookConfig(ours),
    renderGitbookConfig(theirs),
    { union: true, strategy: prefer },
  ).text;
  const read = parseGitbookConfig(text);
  const readSettings = settingsOf(read.config);
  if (read.diagnostics.length === 0 && sameSettings(readSettings, merged))
    return { config: configOf(readSettings, text), conflicts };
  return { config: configOf(merged), conflicts };
}

/**
 * Merges three texts of `.gitbook.yaml` as {@link mergeGitbookConfigs} does; `undefined` when a
 * side is not a clean `.gitbook.yaml` (not YAML, not a mapping, a redirect without a target), so
 * the caller merges it as plain text. With conflicts and no `strategy`, no text: the caller
 * reports them.
 */
export function mergeGitbookYaml(
  base: string | undefined,
  ours: string,
  theirs: string,
  strategy?: TextMergeStrategy,
): { text?: string; conflicts: ConfigConflict[] } | undefined {
  const sides = [base ?? '', ours, theirs].map((text) => parseGitbookConfig(text));
  if (sides.some((side) => side.diagnostics.length > 0)) return undefined;
  const [b, o, t] = sides.map((side) => side.config) as [
    GitbookConfig,
    GitbookConfig,
    GitbookConfig,
  ];
  const merge = mergeGitbookConfigs(b, o, t, strategy ?? 'ours');
  if (merge.conflicts.length > 0 && strategy === undefined) return { conflicts: merge.conflicts };
  return { text: renderGitbookConfig(merge.config), conflicts: merge.conflicts };
}
