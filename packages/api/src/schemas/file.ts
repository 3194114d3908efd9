import { Type, type Static } from 'typebox';
import { Uri } from './common.js';
import { GitLocation } from './content-ref.js';

/** A file uploaded to a space (images, attachments). */
export const File = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    contentType: Type.String(),
    downloadURL: Uri(),
    size: Type.Number({ minimum: 0, description: 'Bytes.' }),
    dimensions: Type.Optional(Type.Object({ width: Type.Number(), height: Type.Number() })),
    git: Type.Optional(GitLocation),
  },
  { title: 'File' },
);
/** A file uploaded to a space. */
export type File = Static<typeof File>;
