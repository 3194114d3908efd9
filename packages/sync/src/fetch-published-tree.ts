import type { PublishedContentSite, Site, SiteSpace, SiteStructure } from '@docsync/api';
import { ApiClientError } from '@docsync/client';
import type { RepoOptions } from '@docsync/git';
import { gitBlobId } from '@docsync/core';
import { fetchRemoteTree, type RemoteTree } from './fetch-remote-tree.js';
import { findLastPublished, publishedBase, type LastPublished } from './last-published.js';
import { readRemoteSide } from './read-remote-side.js';
import { PublishedError } from './published-error.js';
import { renderSiteDocsConfig, SITE_DOCS_CONFIG } from './render-site-docs-config.js';
import type { SyncClient } from './sync-client.js';
import type { ProgressListener } from './sync-progress.js';
import { toSyncTree, type SyncFile, type SyncTree } from './sync-tree.js';

/** What to read: a published site (its organization found from the token when not given), or one space. */
export type PublishedSource =
  { site: string; organization?: string | undefined } | { space: string };

/** One space of the content, and the directory of the tree it was written to. */
export interface PublishedSpace {
  /** Relative to the tree's root; `''` when the content is one space. */
  directory: string;
  spaceId: string;
  title: string;
  /** The revision read. */
  revision: string;
  /**
   * The revision the read started from, when only what changed since it was read (the last
   * published commit's, see {@link FetchPublishedOptions.into}).
   */
  since?: string;
  /** The site space that publishes it (site content only). */
  siteSpaceId?: string;
}

/** The published content of a site or a space, as the files Git Sync writes. */
export interface PublishedTree {
  kind: 'site' | 'space';
  id: string;
  title: string;
  /** Every file, paths relative to the root of the export. */
  tree: SyncTree;
  spaces: PublishedSpace[];
}

/** A site space and the directory it is written to. */
interface Placed {
  siteSpace: SiteSpace;
  segments: string[];
}

/** The site spaces in the structure's order, with their section's path when it has sections. */
function placeSiteSpaces(structure: SiteStructure): Placed[] {
  if (structure.type === 'siteSpaces')
    return structure.structure.map((siteSpace) => ({ siteSpace, segments: [siteSpace.path] }));
  return structure.structure.flatMap((item) =>
    (item.object === 'site-section-group' ? item.children : [item]).flatMap((section) =>
      section.siteSpaces.map((siteSpace) => ({
        siteSpace,
        segments: [section.path, siteSpace.path],
      })),
    ),
  );
}

/**
 * One directory per site space, `<section path>/<site space path>` (or `<site space path>` on a
 * site without sections); a site of one site space is written at the root. Paths are one URL
 * segment each on the service; anything else stops before a file is read.
 */
export function planSiteDirectories(
  structure: SiteStructure,
): { siteSpace: SiteSpace; directory: string }[] {
  const placed = placeSiteSpaces(structure);
  return placed.map(({ siteSpace, segments }) => {
    for (const segment of segments)
      if (segment === '' || segment === '.' || segment === '..' || /[/\\]/.test(segment))
        throw new PublishedError(
          'unsafe-path',
          `the site space \`${siteSpace.id}\` has the path \`${segments.join('/')}\`, which is not a plain directory name; nothing was read`,
          { data: { siteSpace: siteSpace.id, path: segments.join('/') } },
        );
    return { siteSpace, directory: placed.length === 1 ? '' : segments.join('/') };
  });
}

function isStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ApiClientError && statuses.includes(error.status ?? 0);
}

/** The site and its organization: the one given, else the caller's organization that has it. */
async function findSite(
  client: SyncClient,
  siteId: string,
  organization: string | undefined,
): Promise<{ site: Site; organizationId: string }> {
  const organizations =
    organization === undefined
      ? (await client.api.listAll('listOrganizationsForAuthenticatedUser', {})).map((org) => org.id)
      : [organization];
  for (const organizationId of organizations) {
    try {
      // The client does not type the site operations; the contract's types say what they return.
      const site = (await client.api.request('getSiteById', {
        params: { organizationId, siteId },
      })) as Site;
      return { site, organizationId };
    } catch (error) {
      if (!isStatus(error, 404, 403)) throw error;
    }
  }
  throw new PublishedError(
    'site-not-found',
    organization === undefined
      ? `no site \`${siteId}\` in the organizations the token belongs to; check the id, or give the site's organization`
      : `no site \`${siteId}\` in the organization \`${organization}\` (or the token cannot read it)`,
    { data: { site: siteId } },
  );
}

function prefixed(directory: string, remote: RemoteTree): SyncFile[] {
  return [...remote.tree.values()].map((file) =>
    directory === '' ? file : { ...file, path: `${directory}/${file.path}` },
  );
}

/** Where the content goes: the commit it is written on (null: none yet) and the directory. */
export interface PublishedTarget {
  commit: string | null;
  /** Relative to the repository's root. */
  path: string;
}

/** Options of {@link fetchPublishedTree}. */
export interface FetchPublishedOptions {
  onProgress?: ProgressListener | undefined;
  /** The repository the tree is for: files whose blobs it holds are read from it, not fetched. */
  repo?: RepoOptions | undefined;
  /**
   * Where in `repo` the content is written. The last published commit on that commit's line
   * (its message names each directory's space and revision) makes each space it holds a read
   * of what changed since that revision (`git/tree?since=`), applied to that commit's files.
   */
  into?: PublishedTarget | undefined;
}

/**
 * A space's content: what changed since the revision the last published commit holds in
 * `directory`, applied to its files, when it holds this space there; else the whole listing (also
 * when the service no longer knows that revision).
 */
async function readSpace(
  client: SyncClient,
  spaceId: string,
  directory: string,
  options: FetchPublishedOptions & { last: LastPublished | undefined },
): Promise<RemoteTree & { since?: string }> {
  const progress = options.onProgress === undefined ? {} : { onProgress: options.onProgress };
  const { repo, into } = options;
  const base =
    repo === undefined || into === undefined
      ? undefined
      : await publishedBase(repo, options.last, { path: into.path, directory, spaceId });
  if (repo !== undefined && base !== undefined)
    try {
      const remote = await readRemoteSide(client, spaceId, {
        repo,
        base: { point: { revision: base.revision }, tree: base.tree },
        ...progress,
      });
      return { ...remote, since: base.revision };
    } catch (error) {
      if (!isStatus(error, 404)) throw error;
    }
  return fetchRemoteTree(client, spaceId, { ...progress, ...(repo === undefined ? {} : { repo }) });
}

/** Reads each space once, however many site spaces show it. */
async function readSpaces(
  client: SyncClient,
  placed: { directory: string; spaceId: string; title: string; siteSpaceId?: string }[],
  options: FetchPublishedOptions,
) {
  const last =
    options.repo === undefined || options.into === undefined
      ? undefined
      : await findLastPublished(options.repo, options.into.commit);
  const reads = new Map<string, Promise<RemoteTree & { since?: string }>>();
  const read = (spaceId: string, directory: string) => {
    let remote = reads.get(spaceId);
    if (remote === undefined) {
      remote = readSpace(client, spaceId, directory, { ...options, last });
      reads.set(spaceId, remote);
    }
    return remote;
  };
  const files: SyncFile[] = [];
  const spaces: PublishedSpace[] = [];
  // One space at a time: each read already runs its page requests concurrently.
  for (const item of placed) {
    const remote = await read(item.spaceId, item.directory);
    files.push(...prefixed(item.directory, remote));
    spaces.push({
      ...item,
      revision: remote.revision,
      ...(remote.since === undefined ? {} : { since: remote.since }),
    });
  }
  return { tree: toSyncTree(files), spaces };
}

/**
 * Reads the published content of a site (its published structure: sections, section groups, site
 * spaces and their spaces; see {@link planSiteDirectories} for the layout, with a `docs.yaml`
 * mapping the directories to the structure when there are several) or of one space (its
 * current content), as the files Git Sync writes, fetched as `pull` fetches a space: with
 * `repo` and `into`, only what changed since the last published commit there. Throws
 * {@link PublishedError} for an unknown site or space, or a site that publishes nothing.
 */
export async function fetchPublishedTree(
  client: SyncClient,
  source: PublishedSource,
  options: FetchPublishedOptions = {},
): Promise<PublishedTree> {
  if ('space' in source) {
    let title: string;
    try {
      title = (await client.api.request('getSpaceById', { params: { spaceId: source.space } }))
        .title;
    } catch (error) {
      if (isStatus(error, 404))
        throw new PublishedError(
          'space-not-found',
          `no space \`${source.space}\` (or the token cannot read it)`,
          {
            cause: error,
            data: { space: source.space },
          },
        );
      throw error;
    }
    const read = await readSpaces(
      client,
      [{ directory: '', spaceId: source.space, title }],
      options,
    );
    return { kind: 'space', id: source.space, title, ...read };
  }
  const { site, organizationId } = await findSite(client, source.site, source.organization);
  if (!site.published)
    throw new PublishedError(
      'site-not-published',
      `the site \`${site.id}\` (${site.title}) is not published: it has no site spaces; publish a space on it first`,
      { data: { site: site.id } },
    );
  // A member reads a share-link site's key in its published URL, and the published read wants it.
  const shareKey = new URL(site.urls.published ?? 'http://x/').searchParams.get('shareKey');
  const published = (await client.api.request('getPublishedContentSite', {
    params: { organizationId, siteId: site.id },
    query: shareKey === null ? {} : { shareKey },
  })) as PublishedContentSite;
  const planned = planSiteDirectories(published.structure);
  const placed = planned.map(({ siteSpace, directory }) => ({
    directory,
    spaceId: siteSpace.space.id,
    title: siteSpace.title,
    siteSpaceId: siteSpace.id,
  }));
  const read = await readSpaces(client, placed, options);
  if (planned.length === 1) return { kind: 'site', id: site.id, title: site.title, ...read };
  // Several directories: `docs.yaml` says which site space each one is, as site-wide Git Sync does.
  const config = renderSiteDocsConfig(
    site.title,
    published.structure,
    new Map(planned.map(({ siteSpace, directory }) => [siteSpace.id, directory])),
  );
  const tree = toSyncTree([
    ...read.tree.values(),
    { path: SITE_DOCS_CONFIG, oid: gitBlobId(config), text: config },
  ]);
  return { kind: 'site', id: site.id, title: site.title, ...read, tree };
}
