/**
 * A space's visibility once it sits under `parentId`. `in-collection` means "anyone who can
 * access the parent collection" and exists only for spaces in a collection, so a space that
 * leaves every collection becomes `private`: the narrowest choice, which gives no one access
 * they did not have. Any other visibility stays as it is.
 */
export function visibilityUnder(visibility: string, parentId: string | null): string {
  return parentId === null && visibility === 'in-collection' ? 'private' : visibility;
}
