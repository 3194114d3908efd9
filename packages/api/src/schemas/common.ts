import {
  Type,
  type Static,
  type TEnum,
  type TProperties,
  type TSchema,
  type TSchemaOptions,
  type TBoolean,
  type TOptional,
  type TString,
  type TStringOptions,
} from 'typebox';

/**
 * A closed set of strings. `Type.Enum` leaves out `type`, which OpenAPI tools and serializers
 * need to treat the value as a string, so it is added here.
 */
export function StringEnum<const Values extends string[]>(
  values: readonly [...Values],
  options: TSchemaOptions = {},
): TEnum<Values> {
  return Type.Enum(values, { ...options, type: 'string' });
}

/** An ISO 8601 date-time string ("Timestamps are ISO 8601 date-time strings"). */
export function DateTime(options: TStringOptions = {}): TString {
  return Type.String({ ...options, format: 'date-time' });
}

/** A URI string ("Links are URI strings"). */
export function Uri(options: TStringOptions = {}): TString {
  return Type.String({ ...options, format: 'uri' });
}

/**
 * The shape of every `urls` member: links the service always returns, then links that exist
 * only in some states (a space has a `published` URL only once it is published).
 */
export function Urls<const Always extends string, const Sometimes extends string = never>(
  always: readonly Always[],
  sometimes: readonly Sometimes[] = [],
) {
  // TypeBox derives the static type from the type of the properties object, so that type is
  // declared up front and the object is filled in key by key.
  const properties = {} as { [K in Always]: TString } & { [K in Sometimes]: TOptional<TString> };
  const writable = properties as Record<string, TSchema>;
  for (const key of always) writable[key] = Uri();
  for (const key of sometimes) writable[key] = Type.Optional(Uri());
  return Type.Object(properties);
}

/** The shape of every `permissions` member: what the caller may do, as booleans. */
export function Permissions<const Keys extends string>(keys: readonly Keys[]) {
  const properties = {} as { [K in Keys]: TBoolean };
  const writable = properties as Record<string, TSchema>;
  for (const key of keys) writable[key] = Type.Boolean();
  return Type.Object(properties);
}

/** Access levels, from most to least powerful (the description's Role enumeration). */
export const Role = StringEnum(['admin', 'create', 'review', 'edit', 'comment', 'read'], {
  title: 'Role',
  description: 'An access level: admin, create, review, edit, comment or read.',
});
/** An access level. */
export type Role = Static<typeof Role>;

/** A role field: null stands for "guest" (or "no default") where the field says so. */
export const NullableRole = Type.Union([Role, Type.Null()]);
/** A role, or null. */
export type NullableRole = Static<typeof NullableRole>;

/** The body of every error response: the HTTP status again, and a message for a person. */
export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.Integer({ minimum: 400, maximum: 599, description: 'The HTTP status.' }),
      message: Type.String({ description: 'What went wrong, for a person.' }),
    }),
  },
  { title: 'Error' },
);
/** The body of every error response. */
export type ErrorBody = Static<typeof ErrorBody>;

/** The page size a list uses when the request has no `limit` (the description leaves it open). */
export const DEFAULT_PAGE_LIMIT = 50;

/** The largest `limit` a list accepts; a larger one is a 400. */
export const MAX_PAGE_LIMIT = 1000;

/** `page` and `limit`, taken by every list endpoint. */
export const paginationProperties = {
  page: Type.Optional(
    Type.String({ description: 'Opaque cursor: the `next.page` of the previous response.' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
      default: DEFAULT_PAGE_LIMIT,
      description: 'Page size.',
    }),
  ),
};

/** The query of a list endpoint with no filters of its own. */
export const PaginationQuery = Type.Object(paginationProperties);
/** `page` and `limit`. */
export type PaginationQuery = Static<typeof PaginationQuery>;

/** A list query: pagination plus the endpoint's own filters. */
export function ListQuery<Properties extends TProperties>(properties: Properties) {
  return Type.Object({ ...paginationProperties, ...properties });
}

/** The members of the list envelope around `item`, for envelopes that carry more (link stats). */
export function listEnvelopeProperties<Item extends TSchema>(item: Item) {
  return {
    items: Type.Array(item),
    count: Type.Optional(Type.Number({ minimum: 0, description: 'Total number of items.' })),
    next: Type.Optional(
      Type.Object(
        { page: Type.String() },
        { description: 'Absent on the last page; pass `page` as the query of the next request.' },
      ),
    ),
  };
}

/**
 * The list envelope: one page of `items`, `next` to fetch the following page (absent on the
 * last page), and `count` when the service knows the total. Named `<Item>List` when the item is.
 */
export function ListOf<Item extends TSchema>(item: Item) {
  const itemTitle = (item as { title?: unknown }).title;
  const options = typeof itemTitle === 'string' ? { title: `${itemTitle}List` } : {};
  return Type.Object(listEnvelopeProperties(item), options);
}

/** `shareKey`: resolves the published URLs of share-link sites and spaces. */
export const shareKeyProperty = Type.Optional(
  Type.String({
    description: 'Secret of a share-link site or space; resolves its published URLs.',
  }),
);
