import type { RevisionPageDocument } from '@docsync/core';

/** The metadata members an insert or update operation may carry. */
export interface MetadataMembers {
  title?: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
}

/** The page fields an operation sets explicitly (the slug is handled with the placement). */
export function metadataFields(
  change: MetadataMembers,
): Partial<Pick<RevisionPageDocument, keyof MetadataMembers>> {
  return Object.fromEntries(
    (['title', 'emoji', 'icon', 'description', 'hidden'] as const).flatMap((key) =>
      change[key] === undefined ? [] : [[key, change[key]]],
    ),
  );
}
