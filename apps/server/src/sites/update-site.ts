import type { UpdateSiteBody } from '@docsync/api';
import type { Updateable } from 'kysely';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.js';
import type { Db, SitesTable } from '../storage/schema.js';
import { setDefaultSection, setDefaultSiteSpace } from './site-defaults.js';
import { checkPath } from './site-paths.js';
import type { SiteTree } from './site-tree.js';

/** The column changes of a PATCH (fields left out stay as they are; `proxy: null` removes it). */
function siteUpdates(body: UpdateSiteBody): Updateable<SitesTable> {
  const changes: Updateable<SitesTable> = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.visibility !== undefined) changes.visibility = body.visibility;
  if (body.basename !== undefined) {
    checkPath(body.basename, 'body/basename');
    changes.basename = body.basename;
  }
  if (body.adaptiveContent !== undefined) changes.adaptive_content = body.adaptiveContent.enabled;
  if (body.agentsContext !== undefined) changes.agents_context = body.agentsContext;
  if (body.proxy !== undefined) changes.proxy = body.proxy;
  if (body.hostname !== undefined) changes.hostname = body.hostname;
  return changes;
}

/**
 * Checks a site's new hostname: not the host the API itself answers on (its requests would all
 * go to the site), and not another site's (409).
 */
async function checkHostname(
  db: Db,
  siteId: string,
  hostname: string,
  serviceHost: string,
): Promise<void> {
  if (hostname === serviceHost)
    throw new BadRequestError(
      `body/hostname: \`${hostname}\` is the host the API answers on; a site needs a host of its own`,
    );
  const taken = await db
    .selectFrom('sites')
    .select('id')
    .where('hostname', '=', hostname)
    .where('id', '!=', siteId)
    .executeTakeFirst();
  if (taken !== undefined)
    throw new ConflictError(
      `body/hostname: \`${hostname}\` is already the hostname of another site`,
    );
}

/**
 * Applies a PATCH of a site. `defaultSiteSection` makes a section of the site the default one;
 * `defaultSiteSpace` makes a site space the default of the site: of its top level for a site
 * without sections, else of the default section (after `defaultSiteSection`), so a site space of
 * another section is a 400. Unknown ids are 404s; a hostname another site has is a 409. Run it in the transaction that took the site's
 * write turn: a PATCH that fails changes nothing.
 */
export async function updateSite(
  db: Db,
  tree: SiteTree,
  body: UpdateSiteBody,
  options: { serviceHost: string },
): Promise<void> {
  const changes = siteUpdates(body);
  if (typeof body.hostname === 'string')
    await checkHostname(db, tree.site.id, body.hostname, options.serviceHost);
  const section =
    body.defaultSiteSection === undefined ? undefined : tree.section(body.defaultSiteSection);
  if (body.defaultSiteSection !== undefined && section === undefined)
    throw new NotFoundError('Site section');
  const siteSpace =
    body.defaultSiteSpace === undefined ? undefined : tree.siteSpace(body.defaultSiteSpace);
  if (body.defaultSiteSpace !== undefined && siteSpace === undefined)
    throw new NotFoundError('Site space');
  const defaultSection = section ?? tree.defaultSection();
  if (siteSpace !== undefined && siteSpace.section_id !== (defaultSection?.id ?? null)) {
    throw new BadRequestError(
      `body/defaultSiteSpace: site space \`${siteSpace.id}\` is not in the default section \`${defaultSection?.id ?? ''}\`; make its section the default (\`defaultSiteSection\`) or set the default of its section`,
    );
  }
  if (Object.keys(changes).length > 0) {
    await db.updateTable('sites').set(changes).where('id', '=', tree.site.id).execute();
  }
  if (section !== undefined) await setDefaultSection(db, tree, section.id);
  if (siteSpace !== undefined) await setDefaultSiteSpace(db, tree, siteSpace);
}

/** Deletes a site; its sections, groups and site spaces go with it (`ON DELETE CASCADE`). */
export async function deleteSite(db: Db, siteId: string): Promise<void> {
  await db.deleteFrom('sites').where('id', '=', siteId).execute();
}
