import type { Collection, ContentLocation, FileBacklink, Organization, Space } from '@docsync/api';
import { flattenPages, type RevisionFile, type RevisionPage } from '@docsync/core';
import type { Selectable } from 'kysely';
import { requireOrganization } from '../access/organization-access.js';
import type { Level } from '../access/roles.js';
import type { Caller } from '../auth/api-tokens.js';
import { requireCollection } from '../collections/collection-access.js';
import { spaceRevision } from '../content/space-revision.js';
import type { StoredRevision } from '../content/stored-revision.js';
import { NotFoundError } from '../errors.js';
import { collectionResource } from '../resources/collection-resource.js';
import { fileResource } from '../resources/file-resource.js';
import { organizationResource } from '../resources/organization-resource.js';
import { pageResource } from '../resources/page-resource.js';
import { resourceUrls } from '../resources/resource-urls.js';
import { revisionResource } from '../resources/revision-resource.js';
import { spaceResource } from '../resources/space-resource.js';
import type { ServerContext } from '../server-context.js';
import { requireSpace } from '../spaces/space-access.js';
import { spaceActivity } from '../spaces/space-activity.js';
import type { SpacesTable } from '../storage/schema.js';

/** The content links are read in: a space the caller may view, at a revision of it. */
export interface LocatedContent {
  space: Selectable<SpacesTable>;
  /** The caller's level on the space. */
  level: Level;
  revisionId: string;
}

/** A space as the caller sees it, at a revision, with its pages and files by id. */
interface SpaceAt {
  space: Space;
  revision: StoredRevision;
  revisionApp: string;
  pages: ReadonlyMap<string, RevisionPage>;
  files: ReadonlyMap<string, RevisionFile>;
}

/** `undefined` where `find` answers 404: what the caller may not see is not located. */
async function unlessNotFound<T>(find: () => Promise<T>): Promise<T | undefined> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/**
 * Locations of what links point at and where they are, with what they are in embedded as the
 * caller sees it (its organization, the space, the page or file): the revision links are read
 * in, and the current content of the other spaces and the collections of the organization that
 * links point to. A target the caller may not see, or that is gone, has no location.
 */
export class LinkLocator {
  readonly #ctx: ServerContext;
  readonly #caller: Caller;
  readonly #baseUrl: string;
  readonly #organization: Organization;
  readonly #here: SpaceAt;
  readonly #spaces = new Map<string, Promise<SpaceAt | undefined>>();

  private constructor(
    call: { ctx: ServerContext; caller: Caller; baseUrl: string },
    organization: Organization,
    here: SpaceAt,
  ) {
    this.#ctx = call.ctx;
    this.#caller = call.caller;
    this.#baseUrl = call.baseUrl;
    this.#organization = organization;
    this.#here = here;
  }

  /** A locator for the links of `content`, for the caller of `call`. */
  static async open(
    call: { ctx: ServerContext; caller: Caller; baseUrl: string },
    content: LocatedContent,
  ): Promise<LinkLocator> {
    const { organization, level } = await requireOrganization(
      call.ctx.db,
      call.caller,
      content.space.organization_id,
    );
    const here = await readSpaceAt(call, content.space, content.level, content.revisionId);
    return new LinkLocator(call, organizationResource(organization, level, call.baseUrl), here);
  }

  /** A page of the revision links are read in, or of another space's current content. */
  async page(
    pageId: string,
    options: { space?: string | undefined; anchor?: string | undefined } = {},
  ): Promise<ContentLocation | undefined> {
    const at = await this.#spaceAt(options.space);
    const page = at?.pages.get(pageId);
    if (at === undefined || page === undefined) return undefined;
    return {
      kind: 'page',
      organization: this.#organization,
      space: at.space,
      page: pageResource(page, { metadata: true, revisionApp: at.revisionApp }),
      ...(options.anchor === undefined
        ? {}
        : { internalLocation: { type: 'anchor' as const, anchor: options.anchor } }),
    };
  }

  /** A file of the revision links are read in. */
  file(fileId: string): Extract<ContentLocation, { kind: 'file' }> | undefined {
    const file = this.#here.files.get(fileId);
    if (file === undefined) return undefined;
    const { space } = this.#here;
    const resource = fileResource(file, {
      baseUrl: this.#baseUrl,
      spaceId: space.id,
      metadata: true,
    });
    return { kind: 'file', organization: this.#organization, space, file: resource };
  }

  /** A space of the organization the caller may view. */
  async space(spaceId: string): Promise<ContentLocation | undefined> {
    const at = await this.#spaceAt(spaceId);
    return at === undefined
      ? undefined
      : { kind: 'space', organization: this.#organization, space: at.space };
  }

  /** A collection of the organization the caller may view. */
  async collection(collectionId: string): Promise<ContentLocation | undefined> {
    const found = await unlessNotFound(() =>
      requireCollection(this.#ctx.db, this.#caller, collectionId),
    );
    if (found?.collection.organization_id !== this.#organization.id) return undefined;
    const collection: Collection = collectionResource(found.collection, found.level, this.#baseUrl);
    return { kind: 'collection', organization: this.#organization, collection };
  }

  /** The file as a backlink names it: in its organization, space and revision. */
  fileBacklink(fileId: string): FileBacklink | undefined {
    const location = this.file(fileId);
    if (location === undefined) return undefined;
    const revision = revisionResource(this.#here.revision, {
      baseUrl: this.#baseUrl,
      spaceId: this.#here.space.id,
      metadata: true,
    });
    return { ...location, versionContext: { type: 'revision', revision } };
  }

  /** The space links are read in (no id, or its own), or another the caller may view. */
  #spaceAt(spaceId: string | undefined): Promise<SpaceAt | undefined> {
    if (spaceId === undefined || spaceId === this.#here.space.id)
      return Promise.resolve(this.#here);
    let found = this.#spaces.get(spaceId);
    if (found === undefined) {
      found = unlessNotFound(async () => {
        const call = { ctx: this.#ctx, caller: this.#caller, baseUrl: this.#baseUrl };
        const { space, level } = await requireSpace(this.#ctx.db, this.#caller, spaceId, {
          clock: this.#ctx.clock,
        });
        if (space.organization_id !== this.#organization.id) return undefined;
        return readSpaceAt(call, space, level, space.revision_id);
      });
      this.#spaces.set(spaceId, found);
    }
    return found;
  }
}

/** A space as the caller sees it, at `revisionId`. */
async function readSpaceAt(
  call: { ctx: ServerContext; baseUrl: string },
  row: Selectable<SpacesTable>,
  level: Level,
  revisionId: string,
): Promise<SpaceAt> {
  const revision = await spaceRevision(
    call.ctx,
    { id: row.id, revision_id: revisionId, created_at: row.created_at },
    { shared: true },
  );
  return {
    space: spaceResource(row, level, await spaceActivity(call.ctx.db, row.id), call.baseUrl),
    revision,
    revisionApp: resourceUrls.revisionApp(call.baseUrl, row.id, revisionId),
    pages: new Map(flattenPages(revision.content.pages).map((page) => [page.id, page])),
    files: new Map(revision.content.files.map((file) => [file.id, file])),
  };
}
