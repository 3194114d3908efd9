import type { Diagnostic } from '../../diagnostic.js';
import type { ImportedPage } from './imported-page.js';
import type { PageSource } from './read-page-source.js';

/**
 * Page fields from front matter the importers share (`description`), and the keys no importer
 * read, kept in `extraFrontMatter` so nothing the author wrote is lost (reported as `info`).
 */
export function pageFields(
  source: PageSource,
  consumed: ReadonlySet<string>,
  diagnostics: Diagnostic[],
): ImportedPage['fields'] {
  const fields: ImportedPage['fields'] = {};
  const description = source.frontMatter.description;
  if (typeof description === 'string') fields.description = description;
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source.frontMatter)) {
    if (consumed.has(key) || (key === 'description' && typeof value === 'string')) continue;
    extra[key] = value;
  }
  const keys = Object.keys(extra);
  if (keys.length > 0) {
    fields.extraFrontMatter = extra;
    diagnostics.push({
      ruleId: 'front-matter-kept',
      severity: 'info',
      line: Math.min(...keys.map((key) => source.keyLines?.get(key) ?? 2)),
      message: `front matter ${keys.map((key) => `\`${key}\``).join(', ')} has no GitBook equivalent; kept as extra front matter`,
    });
  }
  if (source.rawFrontMatter !== undefined) fields.rawFrontMatter = source.rawFrontMatter;
  return fields;
}
