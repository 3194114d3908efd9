import { Type, type Static } from 'typebox';
import { DateTime, StringEnum } from './common.js';

/** What a token may do: everything its user may, or only reads. */
export const ApiTokenScope = StringEnum(['read-write', 'read-only'], {
  title: 'ApiTokenScope',
  description: '`read-only` tokens may only read (GET and the read-only POSTs of Git Sync).',
});
/** What a token may do. */
export type ApiTokenScope = Static<typeof ApiTokenScope>;

const apiTokenProperties = {
  object: Type.Literal('api-token'),
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the token, to recognise it.' }),
  scope: ApiTokenScope,
  createdAt: DateTime(),
  expiresAt: Type.Optional(DateTime()),
};

/** An API token of the caller, without its secret (an extension). */
export const ApiToken = Type.Object(apiTokenProperties, { title: 'ApiToken' });
/** An API token, without its secret. */
export type ApiToken = Static<typeof ApiToken>;

/** A token just created: the only answer that carries the secret. */
export const CreatedApiToken = Type.Object(
  {
    ...apiTokenProperties,
    token: Type.String({ description: 'The token, shown only this once.' }),
  },
  { title: 'CreatedApiToken' },
);
/** A token just created. */
export type CreatedApiToken = Static<typeof CreatedApiToken>;

/** Create an API token for the caller. */
export const CreateApiTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    expiresAt: Type.Optional(DateTime({ description: 'Must be in the future; none: no expiry.' })),
    scope: Type.Optional(ApiTokenScope),
  },
  { title: 'CreateApiTokenBody' },
);
/** Create an API token. */
export type CreateApiTokenBody = Static<typeof CreateApiTokenBody>;
