import type { ListSitesQuery } from '@docsync/api';
import type { Selectable } from 'kysely';
import { containsIgnoringCase } from '../members/contains-ignoring-case.js';
import { listByKeys, type CountedPage } from '../pagination.js';
import { amongIds } from '../storage/among-ids.js';
import type { Db, SitesTable } from '../storage/schema.js';

/**
 * One page of an organization's sites, oldest first: those whose title contains `title` (any
 * case), that publish `space`, that are `published` (publish at least one space not deleted) or
 * not, as asked.
 */
export async function listSites(
  db: Db,
  organizationId: string,
  query: ListSitesQuery,
  only?: ReadonlySet<string>,
): Promise<CountedPage<Selectable<SitesTable>>> {
  const listed = db
    .selectFrom('sites')
    .where('sites.organization_id', '=', organizationId)
    .$if(only !== undefined, (q) => q.where(amongIds('sites.id', only ?? new Set())))
    .$if(query.title !== undefined, (q) =>
      q.where(containsIgnoringCase('sites.title', query.title ?? '')),
    )
    .$if(query.space !== undefined, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('site_spaces')
            .select('site_spaces.id')
            .whereRef('site_spaces.site_id', '=', 'sites.id')
            .where('site_spaces.space_id', '=', query.space ?? ''),
        ),
      ),
    )
    .$if(query.published !== undefined, (q) =>
      q.where((eb) => {
        const publishes = eb.exists(
          eb
            .selectFrom('site_spaces')
            .innerJoin('spaces', 'spaces.id', 'site_spaces.space_id')
            .select('site_spaces.id')
            .whereRef('site_spaces.site_id', '=', 'sites.id')
            .where('spaces.deleted_at', 'is', null),
        );
        return query.published === true ? publishes : eb.not(publishes);
      }),
    );
  return listByKeys(query, listed, (q) => q.selectAll('sites'), {
    columns: ['sites.created_at', 'sites.id'],
    keyOf: (row) => [row.created_at, row.id],
  });
}
