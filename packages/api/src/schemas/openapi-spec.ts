import { Type, type Static } from 'typebox';
import { DateTime, Permissions, StringEnum, Uri, Urls } from './common.js';

const slug = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$',
});

/** Who can read an OpenAPI spec: members only, or anyone with the public link. */
export const OpenAPISpecVisibility = StringEnum(['private', 'public'], {
  title: 'OpenAPISpecVisibility',
});

/** An OpenAPI specification stored in an organization under a slug. */
export const OpenAPISpec = Type.Object(
  {
    object: Type.Literal('openapi-spec'),
    id: Type.String(),
    createdAt: DateTime(),
    updatedAt: DateTime(),
    slug,
    sourceURL: Type.Optional(Uri({ maxLength: 2048 })),
    processingState: StringEnum(['pending', 'progress', 'complete']),
    visibility: Type.Optional(OpenAPISpecVisibility),
    lastVersion: Type.Optional(Type.String({ description: 'Id of the latest version.' })),
    lastProcessedAt: Type.Optional(DateTime()),
    lastProcessErrorCode: Type.Optional(
      StringEnum(['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR']),
    ),
    lastProcessedErrors: Type.Optional(
      Type.Array(Type.Object({ message: Type.String(), code: Type.String() })),
    ),
    permissions: Permissions(['view', 'edit']),
    urls: Urls(['location', 'app'], ['published']),
  },
  { title: 'OpenAPISpec' },
);
/** An OpenAPI specification. */
export type OpenAPISpec = Static<typeof OpenAPISpec>;

/** Where a spec comes from: a URL the service fetches, or the spec text itself. */
export const OpenAPISpecSource = Type.Union(
  [
    Type.Object({ url: Uri({ maxLength: 2048 }) }),
    Type.Object({ text: Type.String({ minLength: 1 }) }),
  ],
  { title: 'OpenAPISpecSource' },
);
/** Where a spec comes from. */
export type OpenAPISpecSource = Static<typeof OpenAPISpecSource>;

/** POST a new spec. */
export const CreateOpenAPISpecBody = Type.Object(
  { slug, source: OpenAPISpecSource },
  { title: 'CreateOpenAPISpecBody' },
);
/** POST a new spec. */
export type CreateOpenAPISpecBody = Static<typeof CreateOpenAPISpecBody>;

/** PUT a spec by slug: creates it or stores a new version. */
export const PutOpenAPISpecBody = Type.Object(
  { source: OpenAPISpecSource },
  { title: 'PutOpenAPISpecBody' },
);
/** PUT a spec by slug. */
export type PutOpenAPISpecBody = Static<typeof PutOpenAPISpecBody>;

/** PATCH a spec's visibility. */
export const UpdateOpenAPISpecBody = Type.Object(
  { visibility: OpenAPISpecVisibility },
  { title: 'UpdateOpenAPISpecBody' },
);
/** PATCH a spec's visibility. */
export type UpdateOpenAPISpecBody = Static<typeof UpdateOpenAPISpecBody>;

/** One stored version of a spec. */
export const OpenAPISpecVersion = Type.Object(
  {
    object: Type.Literal('openapi-spec-version'),
    id: Type.String(),
    createdAt: Type.Optional(DateTime()),
    url: Uri({ maxLength: 2048 }),
    urls: Urls(['location']),
  },
  { title: 'OpenAPISpecVersion' },
);
/** One stored version of a spec. */
export type OpenAPISpecVersion = Static<typeof OpenAPISpecVersion>;

/** The content of a version: its files by path, and where it was read from. */
export const OpenAPISpecVersionContent = Type.Object(
  {
    filesystem: Type.Object({}, { additionalProperties: true }),
    url: Type.String(),
  },
  { title: 'OpenAPISpecVersionContent' },
);
/** The content of a version. */
export type OpenAPISpecVersionContent = Static<typeof OpenAPISpecVersionContent>;
