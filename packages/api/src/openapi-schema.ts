/**
 * Turns TypeBox schemas into OpenAPI 3.1 schemas. Every titled schema becomes a component and is
 * replaced by a `$ref` where it is used; the cycles TypeBox writes as `$defs` with bare `$ref`
 * names (Page) become components that refer to themselves.
 */

/** A JSON value as it appears in a schema. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keywords whose value is a schema. */
const schemaKeywords = new Set([
  'additionalProperties',
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
/** Keywords whose value is a list of schemas. */
const schemaListKeywords = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords whose value maps names to schemas. */
const schemaMapKeywords = new Set(['properties', 'patternProperties', 'dependentSchemas']);

/** Where component `name` lives in the document. */
export function componentRef(name: string): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects the components while converting the schemas of the route table. */
export class ComponentCollector {
  readonly #components = new Map<string, Json>();
  /** Names being converted right now, so a self-reference does not recurse forever. */
  readonly #pending = new Set<string>();

  /** The components collected so far, sorted by name so the document is stable. */
  components(): Record<string, Json> {
    const names = [...this.#components.keys()].sort();
    return Object.fromEntries(names.map((name) => [name, this.#components.get(name) ?? null]));
  }

  /** The OpenAPI form of `schema`, with named schemas replaced by references. */
  convert(schema: unknown): Json {
    return this.#convert(schema, false);
  }

  #register(name: string, schema: Record<string, unknown>): void {
    if (this.#pending.has(name)) return;
    this.#pending.add(name);
    const { $id: _id, ...rest } = schema;
    const converted = this.#convert(rest, true);
    this.#pending.delete(name);
    const existing = this.#components.get(name);
    if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(converted)) {
      throw new Error(`Two different schemas are named \`${name}\`; give one another title.`);
    }
    this.#components.set(name, converted);
  }

  #convert(schema: unknown, isComponent: boolean): Json {
    if (!isRecord(schema)) return schema as Json;
    const defs = schema['$defs'];
    const ref = schema['$ref'];
    if (isRecord(defs) && typeof ref === 'string') {
      for (const [name, def] of Object.entries(defs)) if (isRecord(def)) this.#register(name, def);
      return componentRef(ref);
    }
    if (typeof ref === 'string' && !ref.startsWith('#')) return componentRef(ref);
    const title = schema['title'];
    if (!isComponent && typeof title === 'string') {
      this.#register(title, schema);
      return componentRef(title);
    }
    const result: Record<string, Json> = {};
    for (const [key, value] of Object.entries(schema)) {
      if (schemaKeywords.has(key)) result[key] = this.#convert(value, false);
      else if (schemaListKeywords.has(key) && Array.isArray(value)) {
        result[key] = value.map((item) => this.#convert(item, false));
      } else if (schemaMapKeywords.has(key) && isRecord(value)) {
        result[key] = Object.fromEntries(
          Object.entries(value).map(([name, item]) => [name, this.#convert(item, false)]),
        );
      } else result[key] = value as Json;
    }
    return result;
  }
}
