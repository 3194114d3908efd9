import { Type, type Static } from 'typebox';

/** Who must approve a change request before it can merge. */
export const MergeRules = Type.Union(
  [
    Type.Object(
      { type: Type.Literal('inherit') },
      { description: 'Use the rules of the parent (collection or organization).' },
    ),
    Type.Object({
      type: Type.Literal('rules'),
      rules: Type.Array(
        Type.Object({
          rule: Type.Literal('require_specific_reviewers'),
          users: Type.Array(Type.String(), { description: 'User ids.' }),
        }),
      ),
    }),
    Type.Object({ type: Type.Literal('none') }, { description: 'No rule: anyone may merge.' }),
  ],
  { title: 'MergeRules' },
);
/** Who must approve a change request before it can merge. */
export type MergeRules = Static<typeof MergeRules>;
