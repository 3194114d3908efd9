import type { Language, Translation } from '@docsync/api';
import { atLeast, type Level } from '../access/roles.js';
import { readJson } from '../resources/json-column.js';
import type { TranslationRow } from './translations.js';

/** Instructions of a translation created without any: an empty document. */
const NO_INSTRUCTIONS: Translation['instructions'] = { object: 'document', data: {}, nodes: [] };

/** Whole seconds, rounded up so a run that took any time shows it. */
const seconds = (ms: number) => Math.ceil(ms / 1000);

/** The API's Translation for a stored one, as a member at `level` sees it. */
export function translationResource(
  row: TranslationRow,
  level: Level,
  baseUrl: string,
): Translation {
  const location = `${baseUrl}/v1/orgs/${encodeURIComponent(row.organization_id)}/translations/${encodeURIComponent(row.id)}`;
  return {
    object: 'translation',
    id: row.id,
    status: row.status as Translation['status'],
    source: { space: row.source_space_id, language: row.source_language as Language },
    language: row.language as Language,
    instructions:
      row.instructions === null
        ? NO_INSTRUCTIONS
        : (readJson(row.instructions) as Translation['instructions']),
    ...(row.target_space_id === null || row.result_revision_id === null
      ? {}
      : { result: { space: row.target_space_id, revision: row.result_revision_id } }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stats: {
      runs: row.runs,
      totalWords: row.total_words,
      totalPages: row.total_pages,
      totalDuration: seconds(row.total_duration_ms),
      latestRunDuration: seconds(row.latest_duration_ms),
      latestPages: row.latest_pages,
      latestWords: row.latest_words,
    },
    autoRun: Boolean(row.auto_run),
    ...(row.last_error_code === null
      ? {}
      : {
          lastError: {
            code: row.last_error_code,
            message: row.last_error_message ?? '',
            at: row.last_error_at ?? row.updated_at,
          },
        }),
    permissions: { view: true, edit: atLeast(level, 'create') },
    urls: { location },
  };
}
