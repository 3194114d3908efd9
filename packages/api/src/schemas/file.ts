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

/** A place in content that refers to a file. */
export const FileBacklink = Type.Object(
  {
    kind: Type.String({ examples: ['file'] }),
    organization: Type.String(),
    space: Type.String(),
    versionContext: Type.Object({ type: Type.Literal('revision'), revision: Type.String() }),
    file: Type.String(),
  },
  { title: 'FileBacklink' },
);
/** A place in content that refers to a file. */
export type FileBacklink = Static<typeof FileBacklink>;
