import { Type, type Static } from 'typebox';
import { DateTime } from './common.js';

/**
 * The visitor schema of adaptive content: a draft-07 object schema whose claims are booleans,
 * with the claims that need no signature under `unsigned`. Kept open beyond that envelope: it is
 * a JSON Schema document, validated as one by the service.
 */
const AdaptiveJsonSchema = Type.Object(
  {
    type: Type.Literal('object'),
    properties: Type.Record(Type.String(), Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: true },
);

/** The adaptive-content visitor schema of a site. */
export const SiteAdaptiveSchema = Type.Object(
  {
    object: Type.Literal('site-adaptive-schema'),
    jsonSchema: AdaptiveJsonSchema,
    updatedAt: Type.Optional(DateTime()),
  },
  { title: 'SiteAdaptiveSchema' },
);
/** The adaptive-content visitor schema of a site. */
export type SiteAdaptiveSchema = Static<typeof SiteAdaptiveSchema>;

/** PUT the visitor schema. */
export const UpdateSiteAdaptiveSchemaBody = Type.Object(
  { jsonSchema: AdaptiveJsonSchema },
  { title: 'UpdateSiteAdaptiveSchemaBody' },
);
/** PUT the visitor schema. */
export type UpdateSiteAdaptiveSchemaBody = Static<typeof UpdateSiteAdaptiveSchemaBody>;

/** Ready-made conditions for adaptive-content expressions, generated from the visitor schema. */
export const SiteAdaptiveConditions = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        description: Type.String(),
        condition: Type.String({ examples: ['visitor.claims.unsigned.isBetaUser'] }),
      }),
    ),
  },
  { title: 'SiteAdaptiveConditions' },
);
/** Ready-made conditions for adaptive-content expressions. */
export type SiteAdaptiveConditions = Static<typeof SiteAdaptiveConditions>;
