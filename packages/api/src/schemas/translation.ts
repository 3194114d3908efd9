import { Type, type Static } from 'typebox';
import { DateTime, Permissions, StringEnum, Urls } from './common.js';
import { Document } from './document.js';
import { Language } from './language.js';

/** A translated copy of a space, kept up to date by runs. */
export const Translation = Type.Object(
  {
    object: Type.Literal('translation'),
    id: Type.String(),
    status: StringEnum(['pending', 'running', 'completed']),
    source: Type.Object({ space: Type.String(), language: Type.Optional(Language) }),
    language: Language,
    instructions: Type.Optional(Document),
    result: Type.Optional(
      Type.Object({ space: Type.String(), revision: Type.Optional(Type.String()) }),
    ),
    createdAt: DateTime(),
    updatedAt: DateTime(),
    // Durations are in milliseconds: the description leaves the unit open.
    stats: Type.Object({
      runs: Type.Number(),
      totalWords: Type.Number(),
      totalPages: Type.Number(),
      totalDuration: Type.Number({ description: 'Milliseconds.' }),
      latestRunDuration: Type.Number({ description: 'Milliseconds.' }),
      latestPages: Type.Number(),
      latestWords: Type.Number(),
    }),
    permissions: Permissions(['view', 'edit']),
    urls: Urls(['location']),
  },
  { title: 'Translation' },
);
/** A translated copy of a space. */
export type Translation = Static<typeof Translation>;

/** POST a translation of a space into a language. */
export const CreateTranslationBody = Type.Object(
  {
    language: Language,
    source: Type.Object({
      space: Type.String({ minLength: 1 }),
      language: Type.Optional(Language),
    }),
    instructions: Type.Optional(Document),
  },
  { title: 'CreateTranslationBody' },
);
/** POST a translation. */
export type CreateTranslationBody = Static<typeof CreateTranslationBody>;

/** PUT a translation's instructions. */
export const UpdateTranslationBody = Type.Object(
  { instructions: Type.Optional(Document) },
  { title: 'UpdateTranslationBody' },
);
/** PUT a translation's instructions. */
export type UpdateTranslationBody = Static<typeof UpdateTranslationBody>;
