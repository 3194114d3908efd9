import type { SiteAdaptiveConditions, SiteAdaptiveSchema } from '@docsync/api';
import { BadRequestError } from '../errors.js';
import { writeJson } from '../resources/json-column.js';
import type { Db } from '../storage/schema.js';

/**
 * The visitor schema of adaptive content, as stored and served: the contract fixes `type` and
 * `properties` and leaves the rest of the JSON Schema open.
 */
export type AdaptiveJsonSchema = SiteAdaptiveSchema['jsonSchema'] & Record<string, unknown>;

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** The schema of a site nobody has written one for: no claims yet. */
export const DEFAULT_ADAPTIVE_SCHEMA: AdaptiveJsonSchema = {
  $schema: DRAFT_07,
  type: 'object',
  properties: {
    unsigned: {
      type: 'object',
      // GitBook's client accepts only this description of `unsigned`.
      description: 'Unsigned claims of the site visitor.',
      properties: {},
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

/** At most this many claims, signed and unsigned together. */
const MAX_CLAIMS = 100;
/** Longest `title` or `description` of the schema or a claim. */
const MAX_TEXT = 256;
/** Claim names are used as `visitor.claims.<name>` in conditions, so they must be names there. */
const CLAIM_NAME = /^[A-Za-z_$][\w$]{0,63}$/;

/** The keywords of an object schema of claims (the schema itself, and `unsigned`). */
const OBJECT_KEYWORDS = [
  'type',
  'properties',
  'additionalProperties',
  'required',
  'title',
  'description',
];
const ROOT_KEYWORDS = new Set(['$schema', ...OBJECT_KEYWORDS]);
const UNSIGNED_KEYWORDS = new Set(OBJECT_KEYWORDS);
const CLAIM_KEYWORDS = new Set(['type', 'title', 'description']);

const invalid = (path: string, rule: string) =>
  new BadRequestError(`body/jsonSchema${path} ${rule}`);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the keywords an object schema may use: known ones, short texts, a closed `required`. */
function checkKeywords(
  schema: Record<string, unknown>,
  path: string,
  allowed: ReadonlySet<string>,
  properties: Record<string, unknown>,
): void {
  for (const key of Object.keys(schema)) {
    if (!allowed.has(key))
      throw invalid(`${path}/${key}`, 'is not a keyword a visitor schema uses here');
  }
  for (const key of ['title', 'description']) {
    const text = schema[key];
    if (text !== undefined && (typeof text !== 'string' || text.length > MAX_TEXT))
      throw invalid(`${path}/${key}`, `must be a string of at most ${MAX_TEXT} characters`);
  }
  const additional = schema['additionalProperties'];
  if (additional !== undefined && typeof additional !== 'boolean')
    throw invalid(`${path}/additionalProperties`, 'must be a boolean');
  const required = schema['required'];
  if (required === undefined) return;
  if (
    !Array.isArray(required) ||
    !required.every((name) => typeof name === 'string' && Object.hasOwn(properties, name)) ||
    new Set(required).size !== required.length
  )
    throw invalid(`${path}/required`, 'must list distinct names of its properties');
}

/** Checks one claim: a boolean, optionally titled and described. */
function checkClaim(name: string, claim: unknown, path: string): void {
  if (!CLAIM_NAME.test(name))
    throw invalid(
      path,
      `is not a claim name (a letter, \`_\` or \`$\`, then letters, digits, \`_\`, \`$\`; at most 64)`,
    );
  if (!isObject(claim) || claim['type'] !== 'boolean')
    throw invalid(`${path}/type`, 'must be `boolean`: claims are booleans');
  checkKeywords(claim, path, CLAIM_KEYWORDS, {});
}

/**
 * 400 unless `schema` is a visitor schema: a draft-07 object schema whose properties are boolean
 * claims (signed) and `unsigned`, an object schema of boolean claims visitors may set themselves.
 * The message names where it breaks the rule (`body/jsonSchema/properties/plan/type`).
 */
export function checkAdaptiveSchema(schema: AdaptiveJsonSchema): void {
  const $schema = schema['$schema'];
  if ($schema !== undefined && $schema !== DRAFT_07 && $schema !== DRAFT_07.slice(0, -1))
    throw invalid('/$schema', `must be \`${DRAFT_07}\` (draft-07)`);
  checkKeywords(schema, '', ROOT_KEYWORDS, schema.properties);
  const { unsigned, ...signed } = schema.properties;
  if (!isObject(unsigned) || unsigned['type'] !== 'object' || !isObject(unsigned['properties']))
    throw invalid('/properties/unsigned', 'must be an object schema with `properties`');
  const unsignedClaims = unsigned['properties'];
  checkKeywords(unsigned, '/properties/unsigned', UNSIGNED_KEYWORDS, unsignedClaims);
  if (Object.keys(signed).length + Object.keys(unsignedClaims).length > MAX_CLAIMS)
    throw invalid('/properties', `must hold at most ${MAX_CLAIMS} claims`);
  for (const [name, claim] of Object.entries(signed))
    checkClaim(name, claim, `/properties/${name}`);
  for (const [name, claim] of Object.entries(unsignedClaims))
    checkClaim(name, claim, `/properties/unsigned/properties/${name}`);
}

/** The claims of a (checked) visitor schema as condition paths, signed first, in order. */
function claimsOf(schema: AdaptiveJsonSchema): { path: string; name: string; claim: unknown }[] {
  const { unsigned, ...signed } = schema.properties;
  const unsignedClaims =
    isObject(unsigned) && isObject(unsigned['properties']) ? unsigned['properties'] : {};
  return [
    ...Object.entries(signed).map(([name, claim]) => ({
      path: `visitor.claims.${name}`,
      name,
      claim,
    })),
    ...Object.entries(unsignedClaims).map(([name, claim]) => ({
      path: `visitor.claims.unsigned.${name}`,
      name,
      claim,
    })),
  ];
}

/**
 * Ready-made conditions for adaptive content, one per claim of the visitor schema: the claim's
 * path (true for the visitors who have it), described by the claim's description if it has one.
 */
export function templateConditions(schema: AdaptiveJsonSchema): SiteAdaptiveConditions {
  return {
    items: claimsOf(schema).map(({ path, name, claim }) => {
      const description = isObject(claim) ? claim['description'] : undefined;
      return {
        description:
          typeof description === 'string'
            ? description
            : `Visitors whose \`${name}\` claim is true`,
        condition: path,
      };
    }),
  };
}

/** Checks a site's new visitor schema (see `checkAdaptiveSchema`) and stores it. */
export async function writeAdaptiveSchema(
  db: Db,
  siteId: string,
  schema: AdaptiveJsonSchema,
  now: Date,
): Promise<void> {
  checkAdaptiveSchema(schema);
  await db
    .updateTable('sites')
    .set({ adaptive_schema: writeJson(schema), adaptive_schema_updated_at: now.toISOString() })
    .where('id', '=', siteId)
    .execute();
}
