import { Type, type Static, type TSchema } from 'typebox';
import { Collection } from './collection.js';
import { File } from './file.js';
import { Organization } from './organization.js';
import { PageDefinition } from './page.js';
import { Revision } from './revision.js';
import { Space } from './space.js';

/** The revision a location is in (a change request's are its head revision's). */
const VersionContext = Type.Object({ type: Type.Literal('revision'), revision: Revision });

/**
 * The shapes of a place in content, with what it is in embedded (the description's "embedded
 * organization and space"): a page (and an anchor in it), a file, a space, a collection, or a
 * URL. `page` is the schema of the page (a reference to a definition of the enclosing schema).
 */
export function contentLocationOf<Page extends TSchema>(page: Page) {
  return Type.Union(
    [
      Type.Object({ kind: Type.Literal('url'), url: Type.String() }),
      Type.Object({
        kind: Type.Literal('page'),
        organization: Organization,
        space: Space,
        page,
        internalLocation: Type.Optional(
          Type.Object({ type: Type.Literal('anchor'), anchor: Type.String() }),
        ),
      }),
      Type.Object({
        kind: Type.Literal('file'),
        organization: Organization,
        space: Space,
        file: File,
      }),
      Type.Object({ kind: Type.Literal('space'), organization: Organization, space: Space }),
      Type.Object({
        kind: Type.Literal('collection'),
        organization: Organization,
        collection: Collection,
      }),
    ],
    { title: 'ContentLocation' },
  );
}

/** A place in content. */
export const ContentLocation = Type.Cyclic(
  { Page: PageDefinition, ContentLocation: contentLocationOf(Type.Ref('Page')) },
  'ContentLocation',
);
/** A place in content. */
export type ContentLocation = Static<typeof ContentLocation>;

/**
 * A file's backlink: the file, in its organization, space and revision (the description's shape;
 * one per page that refers to the file).
 */
export const FileBacklink = Type.Object(
  {
    kind: Type.Literal('file'),
    organization: Organization,
    space: Space,
    versionContext: VersionContext,
    file: File,
  },
  { title: 'FileBacklink' },
);
/** A file's backlink. */
export type FileBacklink = Static<typeof FileBacklink>;
