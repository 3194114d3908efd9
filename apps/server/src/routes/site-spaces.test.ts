import { ErrorBody, ListOf, Site, SiteSpace, type SiteSection, type Space } from '@docsync/api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllPages } from '../testing/read-all-pages.js';
import type { SiteClient } from '../testing/site-client.js';
import { seedSiteClients } from '../testing/site-client.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`site spaces over HTTP (${dialect})`, () => {
    let server: TestServer;
    let sites: SiteClient;
    let adminToken: string;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      sites = (await seedSiteClients(server, ['admin'])).clients[0] as SiteClient;
      adminToken = sites.token ?? '';
    });
    afterAll(async () => {
      await server.close();
    });

    const spaces = (titles: string[]): Promise<Space[]> =>
      Promise.all(titles.map((title) => sites.createSpace(title)));

    const listSiteSpaces = async (siteId: string, query = ''): Promise<SiteSpace[]> =>
      (
        await sites.expect<{ items: SiteSpace[] }>(
          200,
          ListOf(SiteSpace),
          'GET',
          sites.path(`/${siteId}/site-spaces${query}`),
        )
      ).items;

    const patchSiteSpace = (siteId: string, id: string, body: unknown) =>
      sites.request('PATCH', sites.path(`/${siteId}/site-spaces/${id}`), { body });

    const move = (siteId: string, id: string, position: unknown) =>
      sites.request('POST', sites.path(`/${siteId}/site-spaces/${id}/move`), {
        body: { position },
      });

    const ref = (siteSpace: string) => ({ type: 'site-space', siteSpace });

    it('adds site spaces last, the first as default, with unique paths from space titles', async () => {
      const [a, b, c] = await spaces(['Getting Started', 'Getting started!', 'API']);
      const site = await sites.createSite();
      const added = [];
      for (const space of [a, b, c])
        added.push(await sites.addSiteSpace(site.id, { spaceId: space?.id }));
      expect(added.map((row) => [row.path, row.default, row.title])).toEqual([
        ['getting-started', true, 'Getting Started'],
        ['getting-started-2', false, 'Getting started!'],
        ['api', false, 'API'],
      ]);
      expect(added[0]).not.toHaveProperty('section');
      expect(added[0]?.space.id).toBe(a?.id);
      expect(added[0]?.urls.published).toBe(
        `${server.baseUrl}/sites/${site.id}?shareKey=${new URL(added[1]?.urls.published ?? '').searchParams.get('shareKey') ?? ''}`,
      );
      expect(new URL(added[1]?.urls.published ?? '').pathname).toBe(
        `/sites/${site.id}/getting-started-2`,
      );
      expect((await listSiteSpaces(site.id)).map((row) => row.id)).toEqual(
        added.map((row) => row.id),
      );
      expect((await sites.getSite(site.id)).siteSpaces).toBe(3);
    });

    it('refuses to publish one space twice on a site (409) but publishes a space on two sites', async () => {
      const [space] = await spaces(['Shared']);
      const first = await sites.createSite({ spaces: [space?.id] });
      // Lists are in creation order; ids break ties between sites made at one instant.
      server.clock.advance(1000);
      const second = await sites.createSite({ spaces: [space?.id] });
      const again = await sites.request('POST', sites.path(`/${first.id}/site-spaces`), {
        body: { spaceId: space?.id },
      });
      expect(again.status).toBe(409);
      expect(Value.Check(ErrorBody, again.body)).toBe(true);
      const asSection = await sites.request('POST', sites.path(`/${first.id}/sections`), {
        body: { spaceId: space?.id },
      });
      expect(asSection.status).toBe(409);
      for (const site of [first, second]) {
        expect((await listSiteSpaces(site.id)).map((row) => row.space.id)).toEqual([space?.id]);
      }
      const listed = await sites.expect<{ items: Site[] }>(
        200,
        ListOf(Site),
        'GET',
        sites.path(`?space=${space?.id ?? ''}`),
      );
      expect(listed.items.map((site) => site.id)).toEqual([first.id, second.id]);
    });

    it('orders site spaces with before and after positions', async () => {
      const [a, b, c] = await spaces(['One', 'Two', 'Three']);
      const site = await sites.createSite({ spaces: [a?.id, b?.id, c?.id] });
      const [one, two, three] = await listSiteSpaces(site.id);
      const moved = await move(site.id, three?.id ?? '', { before: ref(one?.id ?? '') });
      expect(moved.status, moved.text).toBe(200);
      expect(Value.Check(SiteSpace, moved.body)).toBe(true);
      expect((await listSiteSpaces(site.id)).map((row) => row.title)).toEqual([
        'Three',
        'One',
        'Two',
      ]);
      await move(site.id, three?.id ?? '', { after: ref(two?.id ?? '') });
      expect((await listSiteSpaces(site.id)).map((row) => row.title)).toEqual([
        'One',
        'Two',
        'Three',
      ]);
      await move(site.id, one?.id ?? '', { after: ref(two?.id ?? '') });
      expect((await listSiteSpaces(site.id)).map((row) => row.title)).toEqual([
        'Two',
        'One',
        'Three',
      ]);
      // Moving changes the order, not the default.
      expect((await listSiteSpaces(site.id, '?default=true')).map((row) => row.title)).toEqual([
        'One',
      ]);
    });

    it('answers an invalid position with 409 and an unknown site space with 404', async () => {
      const [a, b, c] = await spaces(['Left', 'Right', 'Elsewhere']);
      const site = await sites.createSite({ spaces: [a?.id, b?.id] });
      const other = await sites.createSite({ spaces: [c?.id] });
      const [left] = await listSiteSpaces(site.id);
      const [elsewhere] = await listSiteSpaces(other.id);
      for (const position of [
        { before: ref('no-such-site-space') },
        { after: ref(left?.id ?? '') },
        { before: ref(elsewhere?.id ?? '') },
      ]) {
        const response = await move(site.id, left?.id ?? '', position);
        expect(response.status, JSON.stringify(position)).toBe(409);
        expect((response.body as ErrorBody).error.message).toContain('invalid position');
      }
      for (const position of [
        {},
        { before: ref('x'), after: ref('y') },
        { before: { type: 'space', space: 'x' } },
      ]) {
        expect(
          (await move(site.id, left?.id ?? '', position)).status,
          JSON.stringify(position),
        ).toBe(400);
      }
      const unknown = await move(site.id, 'no-such-site-space', { before: ref(left?.id ?? '') });
      expect(unknown.status).toBe(404);
      expect((unknown.body as ErrorBody).error.message).toBe('Site space not found');
    });

    it('keeps one default site space: chosen by PATCH of the site, passed on when it goes', async () => {
      const [a, b, c] = await spaces(['First', 'Second', 'Third']);
      const site = await sites.createSite({ spaces: [a?.id, b?.id, c?.id] });
      const [first, second, third] = await listSiteSpaces(site.id);
      await sites.expect(200, Site, 'PATCH', sites.path(`/${site.id}`), {
        defaultSiteSpace: third?.id,
      });
      expect((await listSiteSpaces(site.id, '?default=true')).map((row) => row.id)).toEqual([
        third?.id,
      ]);
      expect((await listSiteSpaces(site.id, '?default=false')).map((row) => row.id)).toEqual([
        first?.id,
        second?.id,
      ]);
      const unknown = await sites.request('PATCH', sites.path(`/${site.id}`), {
        body: { defaultSiteSpace: 'no-such-site-space' },
      });
      expect(unknown.status).toBe(404);
      const removed = await sites.request(
        'DELETE',
        sites.path(`/${site.id}/site-spaces/${third?.id ?? ''}`),
      );
      expect(removed.status).toBe(204);
      expect((await listSiteSpaces(site.id, '?default=true')).map((row) => row.id)).toEqual([
        first?.id,
      ]);
      const absent = await sites.request(
        'DELETE',
        sites.path(`/${site.id}/site-spaces/${third?.id ?? ''}`),
      );
      expect(absent.status).toBe(204);
    });

    it('updates path, condition and space of a site space', async () => {
      const [a, b, c] = await spaces(['Old', 'Neighbour', 'New']);
      const site = await sites.createSite({ spaces: [a?.id, b?.id] });
      const [old, neighbour] = await listSiteSpaces(site.id);
      const patched = await patchSiteSpace(site.id, old?.id ?? '', {
        path: 'renamed',
        condition: 'visitor.claims.unsigned.beta == true',
        spaceId: c?.id,
      });
      expect(patched.status, patched.text).toBe(200);
      expect(Value.Check(SiteSpace, patched.body)).toBe(true);
      expect(patched.body).toMatchObject({
        path: 'renamed',
        condition: 'visitor.claims.unsigned.beta == true',
        space: { id: c?.id },
        title: 'New',
        default: true,
      });
      const kept = await patchSiteSpace(site.id, old?.id ?? '', {});
      expect(kept.body).toMatchObject({ condition: 'visitor.claims.unsigned.beta == true' });
      const cleared = await patchSiteSpace(site.id, old?.id ?? '', { condition: null });
      expect(cleared.body).not.toHaveProperty('condition');
      const taken = await patchSiteSpace(site.id, old?.id ?? '', { path: neighbour?.path });
      expect(taken.status).toBe(409);
      const published = await patchSiteSpace(site.id, old?.id ?? '', { spaceId: b?.id });
      expect(published.status).toBe(409);
      for (const body of [
        { path: 'a/b' },
        { path: '' },
        { path: 'x'.repeat(101) },
        { condition: 'visitor.claims.(' },
        { condition: 'a = 1' },
        { condition: 'x'.repeat(1025) },
        { spaceId: 3 },
      ]) {
        const response = await patchSiteSpace(site.id, old?.id ?? '', body);
        expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      }
      const missing = await patchSiteSpace(site.id, old?.id ?? '', { spaceId: 'no-such-space' });
      expect(missing.status).toBe(404);
      expect((missing.body as ErrorBody).error.message).toBe('Space not found');
      const unknown = await patchSiteSpace(site.id, 'no-such-site-space', {});
      expect(unknown.status).toBe(404);
    });

    it('adds site spaces to the default section, or to the one named', async () => {
      const [a, b, c, d] = await spaces(['Root', 'Tab', 'Later', 'Named']);
      const site = await sites.createSite({ spaces: [a?.id] });
      const tab = await sites.addSection(site.id, { spaceId: b?.id });
      const later = await sites.addSiteSpace(site.id, { spaceId: c?.id });
      const named = await sites.addSiteSpace(site.id, { spaceId: d?.id, sectionId: tab.id });
      const structure = await sites.structure(site.id);
      const defaultSection = structure.structure[0] as SiteSection;
      expect(later.section).toBe(defaultSection.id);
      expect(defaultSection.siteSpaces.map((row) => row.title)).toEqual(['Root', 'Later']);
      expect(named).toMatchObject({ section: tab.id, default: false });
      const unknown = await sites.request('POST', sites.path(`/${site.id}/site-spaces`), {
        body: { spaceId: (await sites.createSpace('Lost')).id, sectionId: 'no-such-section' },
      });
      expect(unknown.status).toBe(404);
      expect((unknown.body as ErrorBody).error.message).toBe('Site section not found');
    });

    it('takes a deleted space off every site that published it', async () => {
      const [doomed, kept, alone] = await spaces(['Doomed', 'Kept', 'Alone']);
      const first = await sites.createSite({ spaces: [doomed?.id, kept?.id] });
      const second = await sites.createSite();
      await sites.addSection(second.id, { spaceId: alone?.id });
      const section = await sites.addSection(second.id, { spaceId: doomed?.id });
      const deleted = await server.http.request('DELETE', `/v1/spaces/${doomed?.id ?? ''}`, {
        token: adminToken,
      });
      expect(deleted.status).toBe(204);
      const remaining = await listSiteSpaces(first.id);
      expect(remaining.map((row) => [row.title, row.default])).toEqual([['Kept', true]]);
      expect((await sites.getSite(first.id)).siteSpaces).toBe(1);
      // The section held only that space, so it went with it.
      const structure = await sites.structure(second.id);
      expect(structure.structure.map((item) => item.id)).not.toContain(section.id);
      expect(structure.structure.map((item) => (item as SiteSection).title)).toEqual(['Alone']);
      // Restoring the space does not publish it again.
      const restored = await server.http.request('POST', `/v1/spaces/${doomed?.id ?? ''}/restore`, {
        token: adminToken,
      });
      expect(restored.status).toBe(200);
      expect((await listSiteSpaces(first.id)).map((row) => row.title)).toEqual(['Kept']);
    });

    it('unpublishes a site whose last space is deleted', async () => {
      const [only] = await spaces(['Only']);
      const site = await sites.createSite({ visibility: 'public', spaces: [only?.id] });
      expect((await sites.getSite(site.id)).published).toBe(true);
      await server.http.request('DELETE', `/v1/spaces/${only?.id ?? ''}`, { token: adminToken });
      const after = await sites.getSite(site.id);
      expect(after).toMatchObject({ published: false, siteSpaces: 0 });
      expect(after.urls).not.toHaveProperty('published');
    });

    it('pages through site spaces in the order the site shows them', async () => {
      const titles = ['p1', 'p2', 'p3', 'p4', 'p5'];
      const made = await spaces(titles);
      const site = await sites.createSite({ spaces: made.map((space) => space.id) });
      const all = await readAllPages<SiteSpace>(
        server.http,
        sites.path(`/${site.id}/site-spaces`),
        {
          limit: 2,
          token: adminToken,
        },
      );
      expect(all.pages).toBe(3);
      expect(all.count).toBe(5);
      expect(all.items.map((row) => row.title)).toEqual(titles);
    });
  });
}
