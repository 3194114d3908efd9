import { Type, type Static } from 'typebox';

/** Files a template's placeholders are bound to, by placeholder name. */
export const TemplateParams = Type.Object({
  contentRefs: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Object({ kind: Type.Literal('file'), file: Type.String({ description: 'File id.' }) }),
    ),
  ),
});
/** Files a template's placeholders are bound to. */
export type TemplateParams = Static<typeof TemplateParams>;

/** A content template to apply, with its parameters. */
export const TemplateReference = Type.Object(
  { id: Type.String(), params: Type.Optional(TemplateParams) },
  { title: 'TemplateReference' },
);
/** A content template to apply. */
export type TemplateReference = Static<typeof TemplateReference>;
