import { Type, type Static } from 'typebox';
import { DateTime, Permissions, StringEnum, Urls } from './common.js';
import { Document } from './document.js';
import { Language } from './language.js';

/** Whole seconds, as the official client's schema has the durations. */
const Seconds = (description: string) => Type.Integer({ minimum: 0, description });

/** A translated copy of a space, kept up to date by runs. */
export const Translation = Type.Object(
  {
    object: Type.Literal('translation'),
    id: Type.String(),
    /** `pending` until a run is claimed, `running` while one runs, `completed` after. */
    status: StringEnum(['pending', 'running', 'completed']),
    source: Type.Object({ space: Type.String(), language: Language }),
    language: Language,
    instructions: Document,
    /** The translated space and its revision the last successful run wrote; absent before. */
    result: Type.Optional(Type.Object({ space: Type.String(), revision: Type.String() })),
    createdAt: DateTime(),
    updatedAt: DateTime(),
    stats: Type.Object({
      runs: Type.Integer({ minimum: 0, description: 'Runs that completed.' }),
      totalWords: Type.Integer({ minimum: 0 }),
      totalPages: Type.Integer({ minimum: 0, description: 'Distinct source pages translated.' }),
      totalDuration: Seconds('Seconds, all runs.'),
      latestRunDuration: Seconds('Seconds, the latest run.'),
      latestPages: Type.Integer({ minimum: 0 }),
      latestWords: Type.Integer({ minimum: 0 }),
    }),
    /** docsync: runs start by themselves after a change request is merged into the source. */
    autoRun: Type.Boolean(),
    /** docsync: why the latest run failed (cleared by the next run that completes). */
    lastError: Type.Optional(
      Type.Object({ code: Type.String(), message: Type.String(), at: DateTime() }),
    ),
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
      space: Type.String({ minLength: 1, maxLength: 500 }),
      /** Default: the source space's language, else `en`. */
      language: Type.Optional(Language),
    }),
    instructions: Type.Optional(Document),
    /** docsync: run after every merge into the source space. Default false. */
    autoRun: Type.Optional(Type.Boolean()),
  },
  { title: 'CreateTranslationBody' },
);
/** POST a translation. */
export type CreateTranslationBody = Static<typeof CreateTranslationBody>;

/** PUT a translation's instructions. */
export const UpdateTranslationBody = Type.Object(
  {
    instructions: Document,
    /** docsync: run after every merge into the source space. Unchanged when absent. */
    autoRun: Type.Optional(Type.Boolean()),
  },
  { title: 'UpdateTranslationBody' },
);
/** PUT a translation's instructions. */
export type UpdateTranslationBody = Static<typeof UpdateTranslationBody>;
