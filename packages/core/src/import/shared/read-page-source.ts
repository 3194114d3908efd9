import type { Diagnostic } from '../../diagnostic.js';
import { splitFrontMatter } from '../../markdown/front-matter.js';
import { loadYaml } from '../../yaml.js';
import { normalizeInput } from '../../markdown/parse-page.js';

/** A source page split into its front matter (as data) and its body. */
export interface PageSource {
  frontMatter: Record<string, unknown>;
  /** Front matter that is not a YAML mapping, kept verbatim. */
  rawFrontMatter?: string;
  body: string;
  /** How many lines precede the body in the file (for diagnostics' line numbers). */
  bodyLineOffset: number;
  /** The file's line of each top-level front matter key (`---` is line 1). */
  keyLines?: ReadonlyMap<string, number>;
  diagnostics: Diagnostic[];
}

/**
 * Splits a page of another tool into front matter and body. The importers read their own keys
 * (`sidebar_position`, `nav_order`…) from the front matter, so it is parsed here rather than by
 * `parsePage`, which knows only GitBook's keys. YAML that does not parse is kept and reported.
 */
export function readPageSource(text: string): PageSource {
  const { yaml, body, bodyLineOffset } = splitFrontMatter(normalizeInput(text));
  if (yaml === undefined || yaml.trim() === '')
    return { frontMatter: {}, body, bodyLineOffset, diagnostics: [] };
  // Front matter kept verbatim, with a warning saying why.
  const kept = (why: string): PageSource => ({
    frontMatter: {},
    rawFrontMatter: yaml,
    body,
    bodyLineOffset,
    diagnostics: [
      {
        ruleId: 'front-matter-yaml',
        severity: 'warning',
        line: 2,
        message: `${why}; kept verbatim`,
      },
    ],
  });
  let value: unknown;
  try {
    value = loadYaml(yaml);
  } catch (error) {
    return kept(
      `front matter is not valid YAML (${(error as Error).message.split('\n')[0] ?? ''})`,
    );
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keyLines = new Map<string, number>();
    yaml.split('\n').forEach((line, index) => {
      const key = /^(['"]?)([^\s#'"][^:]*?)\1\s*:/.exec(line)?.[2];
      if (key !== undefined && !keyLines.has(key)) keyLines.set(key, index + 2);
    });
    return {
      frontMatter: value as Record<string, unknown>,
      body,
      bodyLineOffset,
      keyLines,
      diagnostics: [],
    };
  }
  return kept('front matter is not a mapping');
}

/** A front matter value when it is a non-empty string. */
export function stringField(frontMatter: Record<string, unknown>, key: string): string | undefined {
  const value = frontMatter[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
