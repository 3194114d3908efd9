import type { Diagnostic } from '../diagnostic.js';
import type { PageMetadata } from '../model/page-metadata.js';
import { dumpYaml, loadYaml } from '../yaml.js';

/** A page file split at its front matter. */
export interface SplitPage {
  /** The YAML between the `---` lines, or `undefined` when there is no front matter. */
  yaml: string | undefined;
  /** The markdown after the front matter (and the blank line after it). */
  body: string;
  /** How many lines precede the body in the file. */
  bodyLineOffset: number;
}

const frontMatterPattern = /^---[ \t]*\n([\s\S]*?\n)?---[ \t]*(?:\n|$)/;

/** Splits `---\nyaml\n---\n` off the start of a (BOM-free, LF) page file. */
export function splitFrontMatter(markdown: string): SplitPage {
  const match = frontMatterPattern.exec(markdown);
  if (!match) return { yaml: undefined, body: markdown, bodyLineOffset: 0 };
  let rest = markdown.slice(match[0].length);
  let offset = match[0].split('\n').length - 1;
  if (rest.startsWith('\n')) {
    rest = rest.slice(1);
    offset++;
  }
  return { yaml: match[1] ?? '', body: rest, bodyLineOffset: offset };
}

type Reader = (value: unknown, metadata: PageMetadata) => boolean;

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The keys GitBook writes, in the order its exporter writes them, each with a reader that
 * accepts only a well-typed value (anything else is kept as an extra key and reported).
 */
const readers: [string, Reader][] = [
  ['description', (v, m) => isString(v) && ((m.description = v), true)],
  ['icon', (v, m) => isString(v) && ((m.icon = v), true)],
  ['emoji', (v, m) => isString(v) && ((m.emoji = v), true)],
  ['cover', (v, m) => isString(v) && ((m.cover = v), true)],
  ['coverY', (v, m) => isNumber(v) && ((m.coverY = v), true)],
  ['coverHeight', (v, m) => isNumber(v) && ((m.coverHeight = v), true)],
  ['layout', (v, m) => isRecord(v) && ((m.layout = v), true)],
  ['hidden', (v, m) => isBoolean(v) && ((m.hidden = v), true)],
  ['noIndex', (v, m) => isBoolean(v) && ((m.noIndex = v), true)],
  ['noRobotsIndex', (v, m) => isBoolean(v) && ((m.noRobotsIndex = v), true)],
  ['metaLinks', (v, m) => isRecord(v) && ((m.metaLinks = v), true)],
  ['tags', (v, m) => Array.isArray(v) && ((m.tags = v as PageMetadata['tags'] & unknown[]), true)],
  ['if', (v, m) => isString(v) && ((m.if = v), true)],
  ['vars', (v, m) => isRecord(v) && ((m.vars = v as NonNullable<PageMetadata['vars']>), true)],
  ['title', (v, m) => isString(v) && ((m.frontMatterTitle = v), true)],
];
const readerByKey = new Map(readers);
const metadataKeyOf: Record<string, keyof PageMetadata> = { title: 'frontMatterTitle' };

/**
 * Reads page front matter. Unknown keys and ill-typed values are kept (in
 * `extraFrontMatter`) and reported; YAML that does not parse is kept verbatim and reported.
 * Values are JSON values (see `yamlSchema`: a timestamp is its text). When the YAML is not
 * written as {@link renderFrontMatter} would write what it says (other quotes, scalar forms,
 * comments, order…), it is kept as `frontMatterSource` and written back while it says the same.
 */
export function parseFrontMatter(
  yaml: string,
  diagnostics: Diagnostic[],
  lineOffset = 1,
): PageMetadata {
  const metadata = readFrontMatter(yaml, diagnostics, lineOffset);
  if (metadata.rawFrontMatter === undefined && canonicalYaml(metadata) !== yaml)
    metadata.frontMatterSource = yaml;
  return metadata;
}

function readFrontMatter(
  yaml: string,
  diagnostics: Diagnostic[],
  lineOffset: number,
): PageMetadata {
  let value: unknown;
  try {
    value = yaml.trim() === '' ? {} : loadYaml(yaml.replace(/\u200b|\u200c|\u200d|\ufeff/g, ''));
  } catch (error) {
    const mark = (error as { mark?: { line?: number; column?: number } }).mark;
    diagnostics.push({
      ruleId: 'front-matter-yaml',
      severity: 'error',
      message: `front matter is not valid YAML (${(error as Error).message.split('\n')[0] ?? ''}); kept verbatim`,
      ...(mark?.line === undefined
        ? {}
        : { line: mark.line + lineOffset + 1, column: (mark.column ?? 0) + 1 }),
    });
    return { rawFrontMatter: yaml };
  }
  if (!isRecord(value)) {
    diagnostics.push({
      ruleId: 'front-matter-yaml',
      severity: 'error',
      message: 'front matter is not a YAML mapping; kept verbatim',
      line: lineOffset,
    });
    return { rawFrontMatter: yaml };
  }
  const metadata: PageMetadata = {};
  const extra: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    const reader = readerByKey.get(key);
    if (reader?.(entry, metadata)) continue;
    extra[key] = entry;
    diagnostics.push({
      ruleId: reader ? 'front-matter-type' : 'front-matter-key',
      severity: reader ? 'warning' : 'info',
      message: reader
        ? `front matter \`${key}\` has an unexpected value; kept as written`
        : `front matter \`${key}\` is not a page option; kept as written`,
      line: lineOffset,
    });
  }
  if (Object.keys(extra).length > 0) metadata.extraFrontMatter = extra;
  return metadata;
}

/**
 * The YAML GitBook's exporter writes for the metadata's front matter (its key order, folded at 80
 * columns), or `undefined` when there is none to write.
 */
function canonicalYaml(metadata: PageMetadata): string | undefined {
  const ordered: Record<string, unknown> = {};
  for (const [key] of readers) {
    const value = metadata[metadataKeyOf[key] ?? (key as keyof PageMetadata)];
    if (value !== undefined) ordered[key] = value;
  }
  Object.assign(ordered, metadata.extraFrontMatter);
  if (Object.keys(ordered).length === 0) return undefined;
  return dumpYaml(ordered, { lineWidth: 80, noRefs: true });
}

/** Whether front matter as written says what `yaml` (a canonical form, or none) says. */
function saysTheSame(source: string, yaml: string | undefined): boolean {
  if (source !== '' && !source.endsWith('\n')) return false;
  const read = readFrontMatter(source, [], 1);
  return read.rawFrontMatter === undefined && canonicalYaml(read) === yaml;
}

/**
 * Writes front matter: as it was written (`frontMatterSource`) while that says the same as the
 * metadata, else as GitBook does (`---` fences, its key order, YAML folded at 80 columns).
 */
export function renderFrontMatter(metadata: PageMetadata): string {
  if (metadata.rawFrontMatter !== undefined) return `---\n${metadata.rawFrontMatter}---\n\n`;
  const yaml = canonicalYaml(metadata);
  const source = metadata.frontMatterSource;
  if (source !== undefined && source !== yaml && saysTheSame(source, yaml))
    return `---\n${source}---\n\n`;
  return yaml === undefined ? '' : `---\n${yaml}---\n\n`;
}
