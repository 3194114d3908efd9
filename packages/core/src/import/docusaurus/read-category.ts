import type { Diagnostic } from '../../diagnostic.js';
import { loadYaml } from '../../yaml.js';
import { positionOf } from '../shared/order.js';

/** What a `_category_.json` or `_category_.yml` says about its folder. */
export interface CategorySettings {
  label?: string;
  position?: number;
  /** The doc id of `link: {type: doc, id}`: the category's own page. */
  linkDoc?: string;
  description?: string;
}

/** Reads a category file (JSON or YAML); what does not parse is a diagnostic and no settings. */
export function readCategory(
  text: string,
  path: string,
): { settings: CategorySettings; diagnostics: Diagnostic[] } {
  let value: unknown;
  try {
    value = path.endsWith('.json') ? JSON.parse(text) : loadYaml(text);
  } catch (error) {
    return {
      settings: {},
      diagnostics: [
        {
          ruleId: 'category-unreadable',
          severity: 'error',
          message: `category file not read (${(error as Error).message.split('\n')[0] ?? ''}); the folder name is its label`,
        },
      ],
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return {
      settings: {},
      diagnostics: [
        {
          ruleId: 'category-unreadable',
          severity: 'error',
          message: 'category file is not an object',
        },
      ],
    };
  const record = value as Record<string, unknown>;
  const settings: CategorySettings = {};
  if (typeof record.label === 'string') settings.label = record.label;
  const position = positionOf(record.position);
  if (position !== undefined) settings.position = position;
  const link = record.link as Record<string, unknown> | null | undefined;
  if (link?.type === 'doc' && typeof link.id === 'string') settings.linkDoc = link.id;
  if (link?.type === 'generated-index' && typeof link.description === 'string')
    settings.description = link.description;
  return { settings, diagnostics: [] };
}
