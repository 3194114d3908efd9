import { ListOf, SearchPageResult, SearchQuery, SearchSpaceResult } from '@docsync/api';
import { requireOrganization } from '../access/organization-access.js';
import { atLeast } from '../access/roles.js';
import { BadRequestError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { searchOrganization } from '../search/search-organization.js';
import { searchSpace } from '../search/search-space.js';
import { searchWords } from '../search/search-words.js';
import { requireSpace } from '../spaces/space-access.js';

/** The words of a search query; a query without any (only spaces or punctuation) is a 400. */
function queryWords(query: string): string[] {
  const words = searchWords(query);
  if (words.length === 0)
    throw new BadRequestError(
      `query/query \`${query}\` has no word to search for: it needs a letter or a digit`,
    );
  return words;
}

/**
 * Search: a space's current content, and the content of every space of an organization the
 * caller can read. Results are pages (grouped by space across an organization) holding every
 * word of the query, best first, with their matching sections.
 */
export const searchOperations: readonly Operation[] = [
  operation(
    'searchSpaceContent',
    { params: ['spaceId'], query: SearchQuery, response: ListOf(SearchPageResult) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const words = queryWords(query.query);
      return searchSpace(ctx, space.id, { ...query, words, baseUrl });
    },
  ),

  operation(
    'searchOrganizationContent',
    { params: ['organizationId'], query: SearchQuery, response: ListOf(SearchSpaceResult) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      const words = queryWords(query.query);
      // As the organization's space list: every member but a guest can read every active space
      // (default levels lower a role to `read` at the least); guests are invited to none yet.
      if (!atLeast(access.level, 'read')) return { items: [], count: 0 };
      return searchOrganization(ctx, params.organizationId, { ...query, words, baseUrl });
    },
  ),
];
