/**
 * A published site to drive in a browser, on a real server: the git-sync-normalization corpus
 * (GitBook's own normalization space: images, hints, tabs, tables, a page group) as the default
 * site space, and the fixture page of every block as a second site space at `blocks`.
 */
import { fileURLToPath } from 'node:url';
import type { Site } from '@docsync/api';
import {
  commitOid,
  readTreeFromDisk,
  sendTree,
  SiteClient,
  type TestServer,
  type TreeBlob,
} from '@docsync/server/testing';

const fixtures = fileURLToPath(new URL('../../packages/core/fixtures/', import.meta.url));

/** The corpus tree and the fixture tree of every block. */
export const CORPUS_DIR = `${fixtures}corpora/git-sync-normalization`;
export const BLOCKS_DIR = `${fixtures}site-blocks`;

/** Spaces holding the corpus and the blocks fixture, on a server, ready to be published. */
export interface PublishedSiteKit {
  sites: SiteClient;
  corpus: { id: string; tree: TreeBlob[] };
  blocks: { id: string; tree: TreeBlob[] };
  /** Publishes both spaces as a new site (`blocks` at the path `blocks`). */
  publish(body?: Record<string, unknown>): Promise<Site>;
  /** Imports `tree` as the space's new main content (a merge through the API). */
  merge(spaceId: string, tree: readonly TreeBlob[], message: string): Promise<void>;
}

/** Creates the spaces and imports their trees, as `docsync push --merge` would. */
export async function publishedSiteKit(server: TestServer): Promise<PublishedSiteKit> {
  const sites = new SiteClient(server.http, {
    organizationId: server.organizationId,
    token: server.token,
  });
  let commits = 1;
  const merge = async (spaceId: string, tree: readonly TreeBlob[], message: string) => {
    const sent = await sendTree(server.http, spaceId, tree, { oid: commitOid(commits++), message });
    if (sent.status !== 204) throw new Error(`import into ${spaceId} failed: ${sent.text}`);
  };
  const space = async (title: string, dir: string) => {
    const { id } = await sites.createSpace(title);
    const tree = readTreeFromDisk(dir);
    await merge(id, tree, title);
    return { id, tree };
  };
  const corpus = await space('Git Sync normalization', CORPUS_DIR);
  const blocks = await space('Blocks', BLOCKS_DIR);
  return {
    sites,
    corpus,
    blocks,
    merge,
    async publish(body = {}) {
      const site = await sites.createSite({
        title: 'Normalization docs',
        spaces: [corpus.id],
        ...body,
      });
      await sites.addSiteSpace(site.id, { spaceId: blocks.id, path: 'blocks' });
      return sites.getSite(site.id);
    },
  };
}
