import type { CreateSiteBody } from '@docsync/api';
import { BadRequestError, NotFoundError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import type { Db } from '../storage/schema.js';
import { insertSiteSpace } from './insert-site-space.js';
import { findSite } from './site-access.js';
import { SiteTree } from './site-tree.js';
import { newSigningKey } from './visitor-token.js';

/** Title of a site created without one. */
const DEFAULT_SITE_TITLE = 'Untitled site';

/** How many spaces one create may publish (each is checked like a read of the space). */
const MAX_INITIAL_SPACES = 100;

/**
 * Visibility of a site created without one: its spaces are published at once, so only to whom
 * its share link is given until someone chooses a wider audience.
 */
const DEFAULT_VISIBILITY = 'share-link';

/** 400 for more spaces than one create publishes, or a space listed twice. */
export function checkInitialSpaces(spaceIds: readonly string[]): void {
  if (spaceIds.length > MAX_INITIAL_SPACES) {
    throw new BadRequestError(
      `body/spaces must NOT have more than ${MAX_INITIAL_SPACES} items; add more with POST …/site-spaces`,
    );
  }
  const twice = spaceIds.findIndex((id, index) => spaceIds.indexOf(id) !== index);
  if (twice >= 0) {
    throw new BadRequestError(`body/spaces/${twice} \`${spaceIds[twice] ?? ''}\` is listed twice`);
  }
}

/** A site to create, with the (checked) spaces it publishes. */
export interface NewSite {
  id: string;
  organizationId: string;
  body: CreateSiteBody;
  spaces: readonly { id: string; title: string }[];
  now: Date;
  ids: IdGenerator;
}

/**
 * Creates a site (type `basic`, visibility `share-link`, AI agents included unless the body says
 * otherwise) with fresh secrets, its spaces published at its top level in the order given. Run it
 * in a transaction.
 */
export async function insertSite(db: Db, site: NewSite): Promise<void> {
  const at = site.now.toISOString();
  await db
    .insertInto('sites')
    .values({
      id: site.id,
      organization_id: site.organizationId,
      type: site.body.type ?? 'basic',
      title: site.body.title ?? DEFAULT_SITE_TITLE,
      visibility: site.body.visibility ?? DEFAULT_VISIBILITY,
      basename: null,
      hostname: null,
      proxy: null,
      adaptive_content: false,
      agents_context: 'included',
      share_key: newSigningKey(),
      visitor_signing_key: newSigningKey(),
      adaptive_schema: null,
      adaptive_schema_updated_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (const space of site.spaces) {
    const row = await findSite(db, site.organizationId, site.id);
    if (row === undefined) throw new NotFoundError('Site');
    await insertSiteSpace(db, await SiteTree.load(db, row), {
      id: site.ids(),
      space,
      sectionId: null,
      now: site.now,
      ids: site.ids,
    });
  }
}
