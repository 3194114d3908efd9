import {
  SiteAdaptiveConditions,
  SiteAdaptiveSchema,
  UpdateSiteAdaptiveSchemaBody,
} from '@docsync/api';
import { operation, type Operation } from '../http/operation.js';
import { readJson } from '../resources/json-column.js';
import {
  DEFAULT_ADAPTIVE_SCHEMA,
  writeAdaptiveSchema,
  templateConditions,
  type AdaptiveJsonSchema,
} from '../sites/adaptive-schema.js';
import { changeSite } from '../sites/site-access.js';
import { siteOfCall } from '../sites/site-calls.js';
import type { SiteRow } from '../sites/site-tree.js';

const site = ['organizationId', 'siteId'] as const;

/**
 * The visitor schema of a site: the stored one, or the default one (no claims) until written,
 * which the site has had since it was created (its `updatedAt`).
 */
function adaptiveSchemaOf(row: SiteRow): SiteAdaptiveSchema {
  if (row.adaptive_schema === null) {
    return {
      object: 'site-adaptive-schema',
      jsonSchema: DEFAULT_ADAPTIVE_SCHEMA,
      updatedAt: row.created_at,
    };
  }
  return {
    object: 'site-adaptive-schema',
    jsonSchema: readJson(row.adaptive_schema) as AdaptiveJsonSchema,
    ...(row.adaptive_schema_updated_at === null
      ? {}
      : { updatedAt: row.adaptive_schema_updated_at }),
  };
}

/**
 * Adaptive content: the visitor schema (checked on write: a draft-07 object schema of boolean
 * claims with an `unsigned` object of them) and the conditions made from it.
 */
export const siteAdaptiveContentOperations: readonly Operation[] = [
  operation('getSiteAdaptiveSchema', { params: site, response: SiteAdaptiveSchema }, async (call) =>
    adaptiveSchemaOf((await siteOfCall(call)).site),
  ),

  operation(
    'updateSiteAdaptiveSchema',
    { params: site, body: UpdateSiteAdaptiveSchemaBody, response: SiteAdaptiveSchema },
    async (call) => {
      const { body, ctx } = call;
      await changeSite(ctx, await siteOfCall(call), (trx, tree, now) =>
        writeAdaptiveSchema(trx, tree.site.id, body.jsonSchema, now),
      );
      return adaptiveSchemaOf((await siteOfCall(call)).site);
    },
  ),

  operation(
    'getSiteAdaptiveSchemaTemplateConditions',
    { params: site, response: SiteAdaptiveConditions },
    async (call) => templateConditions(adaptiveSchemaOf((await siteOfCall(call)).site).jsonSchema),
  ),
];
