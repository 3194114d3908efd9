import * as fs from 'node:fs';
import { join } from 'node:path';
import type { GitTree, Page } from '@docsync/api';
import { gitBlobId, revisionToTree, treeToRevision } from '@docsync/core';
import {
  commitOid,
  sendTree,
  startTestServer,
  testDialects,
  textBlob,
  type TestServer,
} from '@docsync/server/testing';
import { createSyncClient, pull, type SyncContext } from '@docsync/sync';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { losslessCases } from '../../packages/core/src/testing/lossless-cases.ts';

/**
 * Issue 18, item 4: a tree in `docsync fmt`'s canonical form, imported into the service, comes
 * back byte for byte: the service's `git/tree` listing names each file's blob id, and each page's
 * `format=markdown` read is its file, both as imported and after a restart (read back from the
 * database alone); a pull into an empty repository writes the same files.
 */

const DOCS = 'docs';
const encoder = new TextEncoder();

/** What `docsync fmt` writes for the tree. */
function fmtOf(files: Record<string, string>): Record<string, string | undefined> {
  const read = treeToRevision(
    Object.entries(files).map(([path, text]) => {
      const bytes = encoder.encode(text);
      return { path, text, oid: gitBlobId(bytes), size: bytes.byteLength };
    }),
  );
  const written = revisionToTree(read.content, { config: read.config });
  return Object.fromEntries(written.files.map((file) => [file.path, file.text]));
}

const oidOf = (text: string) => gitBlobId(encoder.encode(text));

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`a canonical tree through the service and back (${dialect})`, () => {
    let server: TestServer;
    const spaces = new Map<string, string>();
    const repos: GitRepo[] = [];

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      let commits = 0;
      for (const [name, files] of Object.entries(losslessCases)) {
        const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
          body: { title: name.slice(0, 40) },
        });
        expect(made.status).toBe(201);
        const spaceId = (made.body as { id: string }).id;
        const tree = Object.entries(files).map(([path, text]) => textBlob(path, text));
        const sent = await sendTree(server.http, spaceId, tree, {
          oid: commitOid(++commits),
          message: name,
        });
        expect(sent.status).toBe(204);
        spaces.set(name, spaceId);
      }
    });
    afterAll(async () => {
      for (const repo of repos) await repo.remove();
      await server.close();
    });

    /** The files the service says it writes, with their bytes where it serves them (pages). */
    async function served(spaceId: string): Promise<Map<string, { oid: string; text?: string }>> {
      const listed = await server.http.get(`/v1/spaces/${spaceId}/git/tree`);
      expect(listed.status).toBe(200);
      const out = new Map<string, { oid: string; text?: string }>();
      for (const file of (listed.body as GitTree).files) {
        if (file.page === undefined) {
          out.set(file.path, { oid: file.oid });
          continue;
        }
        const read = await server.http.get(
          `/v1/spaces/${spaceId}/content/page/${file.page}?format=markdown`,
        );
        expect(read.status).toBe(200);
        out.set(file.path, { oid: file.oid, text: (read.body as Page).markdown ?? '' });
      }
      return out;
    }

    /** Every file of `files` where the service has something else, and files it adds. */
    function differences(
      files: Record<string, string>,
      got: ReadonlyMap<string, { oid: string; text?: string }>,
    ): string[] {
      const out: string[] = [];
      for (const [path, text] of Object.entries(files)) {
        const file = got.get(path);
        if (file === undefined) out.push(`${path}: missing`);
        else if (file.oid !== oidOf(text)) out.push(`${path}: listed with other bytes`);
        else if (file.text !== undefined && file.text !== text)
          out.push(`${path}: read as ${JSON.stringify(file.text)}`);
      }
      for (const path of got.keys()) if (!(path in files)) out.push(`${path}: added`);
      return out;
    }

    for (const [name, files] of Object.entries(losslessCases)) {
      it(`keeps ${name}: the tree is fmt's, and the service lists and reads it byte for byte`, async () => {
        expect(fmtOf(files)).toEqual(files);
        expect(differences(files, await served(spaces.get(name) ?? ''))).toEqual([]);
      });
    }

    it('writes every tree the same after a restart, from the database alone', async () => {
      await server.restart();
      const found: Record<string, string[]> = {};
      for (const [name, files] of Object.entries(losslessCases)) {
        const differing = differences(files, await served(spaces.get(name) ?? ''));
        if (differing.length > 0) found[name] = differing;
      }
      expect(found).toEqual({});
    });

    for (const [name, files] of Object.entries(losslessCases)) {
      it(`pulls ${name} into an empty repository with the same bytes`, async () => {
        const repo = await createGitRepo({});
        repos.push(repo);
        const context: SyncContext = {
          fs,
          dir: repo.dir,
          config: { url: server.baseUrl, space: spaces.get(name) ?? '', branch: 'main', dir: DOCS },
          client: createSyncClient({ baseUrl: server.baseUrl, token: server.token }),
          now: () => new Date(Date.UTC(2026, 5, 1)),
        };
        expect((await pull(context)).outcome).toBe('pulled');
        const differing = Object.entries(files)
          .filter(([path, text]) => {
            const file = join(repo.dir, DOCS, path);
            return !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text;
          })
          .map(([path]) => path);
        expect(differing).toEqual([]);
      });
    }
  });
}
