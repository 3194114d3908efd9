import { Type, type Static } from 'typebox';
import { ListQuery, Urls } from './common.js';

/** The query of the search endpoints: the text to find, then pagination. */
export const SearchQuery = ListQuery({
  query: Type.String({ minLength: 1, maxLength: 512, description: 'Text to search for.' }),
});
/** The query of the search endpoints. */
export type SearchQuery = Static<typeof SearchQuery>;

/** A section (heading) of a page that matched a search. */
const SearchSection = Type.Object({
  id: Type.String(),
  title: Type.String(),
  path: Type.String(),
  body: Type.String(),
  urls: Urls(['app']),
});

/** A page that matched a search, with its matching sections and its ancestors. */
export const SearchPageResult = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    path: Type.String(),
    sections: Type.Array(SearchSection),
    ancestors: Type.Array(Type.Object({ title: Type.String() })),
    urls: Urls(['app']),
  },
  { title: 'SearchPageResult' },
);
/** A page that matched a search. */
export type SearchPageResult = Static<typeof SearchPageResult>;

/** A space with pages that matched an organization-wide search. */
export const SearchSpaceResult = Type.Object(
  { id: Type.String(), title: Type.String(), pages: Type.Array(SearchPageResult) },
  { title: 'SearchSpaceResult' },
);
/** A space with pages that matched an organization-wide search. */
export type SearchSpaceResult = Static<typeof SearchSpaceResult>;
