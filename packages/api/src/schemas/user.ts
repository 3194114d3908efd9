import { Type, type Static } from 'typebox';
import { Urls } from './common.js';

/** A person with an account on the service. */
export const User = Type.Object(
  {
    object: Type.Literal('user'),
    id: Type.String(),
    displayName: Type.String(),
    email: Type.Optional(Type.String({ format: 'email' })),
    photoURL: Type.Optional(Type.String({ format: 'uri' })),
    urls: Urls(['location']),
  },
  { title: 'User' },
);
/** A person with an account on the service. */
export type User = Static<typeof User>;
