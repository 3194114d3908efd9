import { dump, FAILSAFE_SCHEMA, load, Type, types, type DumpOptions } from 'js-yaml';

// js-yaml exports its standard types for building schemas; its type declarations leave them out.
declare module 'js-yaml' {
  export const types: Readonly<Record<'null' | 'bool' | 'int' | 'float', Type>>;
}

const isNegativeZero = (value: unknown) => Object.is(value, -0);

/** A scalar type that reads only the scalars whose value JSON can carry (the others stay text). */
function jsonSafe(tag: string, type: Type): Type {
  const construct = (data: string) => (type.construct as (data: string) => unknown)(data);
  return new Type(tag, {
    kind: 'scalar',
    resolve: (data: string) => {
      if (!type.resolve(data)) return false;
      const value = construct(data);
      return typeof value !== 'number' || (Number.isFinite(value) && !isNegativeZero(value));
    },
    construct,
    predicate: (value: unknown) =>
      (type.predicate?.(value as object) ?? false) &&
      (typeof value !== 'number' || (Number.isFinite(value) && !isNegativeZero(value))),
    represent: type.represent,
    defaultStyle: type.defaultStyle,
  } as ConstructorParameters<typeof Type>[1]);
}

/**
 * docsync's YAML schema: YAML 1.2's core schema (null, booleans, integers, floats) where every
 * value is a JSON value, because revisions are stored and sent as JSON. Timestamps are text, not
 * `Date`s (`createdAt: 2025-05-05T10:21:54.153Z` reads as that string and is written back without
 * quotes); `.inf`, `.nan` and `-0.0` are text too; `<<` is an ordinary key, and `!!binary`,
 * `!!set`, `!!omap` and `!!timestamp` are unknown tags (the YAML does not read). Reading and
 * writing with the same schema means a string is quoted exactly when it would otherwise read back
 * as something else.
 */
export const yamlSchema = FAILSAFE_SCHEMA.extend({
  implicit: [
    types.null,
    types.bool,
    jsonSafe('tag:yaml.org,2002:int', types.int),
    jsonSafe('tag:yaml.org,2002:float', types.float),
  ],
});

/** Reads YAML with {@link yamlSchema}: the result is a JSON value. Throws on invalid YAML. */
export function loadYaml(text: string): unknown {
  return load(text, { schema: yamlSchema });
}

/** Writes a JSON value as YAML with {@link yamlSchema}. */
export function dumpYaml(value: unknown, options: Omit<DumpOptions, 'schema'> = {}): string {
  return dump(value, { ...options, schema: yamlSchema });
}
