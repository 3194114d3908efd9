import {
  ErrorBody,
  ListOf,
  Site,
  SiteSection,
  SiteSectionGroup,
  type SiteStructure as SiteStructureType,
} from '@docsync/api';
import { Value } from 'typebox/value';
import { MIN_POSITION_GAP } from '../collections/sibling-order.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteClient } from '../testing/site-client.js';
import { seedSiteClients } from '../testing/site-client.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** A structure as text: `Title[space, space]` per section, `{Group: …}` per group. */
function outline(structure: SiteStructureType): string[] {
  return structure.structure.map((item) => {
    if (item.object === 'site-space') return item.title;
    if (item.object === 'site-section-group') {
      return `{${item.title}: ${item.children.map((section) => section.title).join(', ')}}`;
    }
    return `${item.title}[${item.siteSpaces.map((row) => row.title).join(', ')}]`;
  });
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`site sections and section groups over HTTP (${dialect})`, () => {
    let server: TestServer;
    let sites: SiteClient;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      sites = (await seedSiteClients(server, ['admin'])).clients[0] as SiteClient;
    });
    afterAll(async () => {
      await server.close();
    });

    /** A site with one section per title, each made of a new space of that title. */
    async function siteWithSections(titles: string[]) {
      const site = await sites.createSite({ visibility: 'public' });
      const sections: SiteSection[] = [];
      for (const title of titles) {
        sections.push(
          await sites.addSection(site.id, { spaceId: (await sites.createSpace(title)).id }),
        );
      }
      return { site, sections };
    }

    const sectionPath = (siteId: string, rest = '') => sites.path(`/${siteId}/sections${rest}`);
    const groupPath = (siteId: string, rest = '') => sites.path(`/${siteId}/section-groups${rest}`);
    const sort = (siteId: string, type: string, id: string, position: number) =>
      sites.request('PATCH', sites.path(`/${siteId}/structure/sort`), {
        body: { item: { type, id }, position },
      });

    describe('sections', () => {
      it('makes the first section the default, titled and pathed after its space', async () => {
        const { site, sections } = await siteWithSections(['Guides', 'API reference']);
        expect(sections.map((section) => [section.title, section.path, section.default])).toEqual([
          ['Guides', 'guides', true],
          ['API reference', 'api-reference', false],
        ]);
        expect(sections[1]?.siteSpaces.map((row) => [row.title, row.default, row.section])).toEqual(
          [['API reference', true, sections[1]?.id]],
        );
        expect(sections[0]?.urls.published).toBe(`${server.baseUrl}/sites/${site.id}`);
        expect(sections[1]?.urls.published).toBe(
          `${server.baseUrl}/sites/${site.id}/api-reference`,
        );
        const titled = await sites.addSection(site.id, {
          spaceId: (await sites.createSpace('x')).id,
          title: 'Custom',
          icon: 'book',
        });
        expect(titled).toMatchObject({ title: 'Custom', icon: 'book', path: 'custom' });
      });

      it('turns the site spaces of a site without sections into its first section', async () => {
        const [a, b] = [await sites.createSpace('Home'), await sites.createSpace('Blog')];
        const site = await sites.createSite({ spaces: [a.id, b.id] });
        const added = await sites.addSection(site.id, {
          spaceId: (await sites.createSpace('Changelog')).id,
        });
        const structure = await sites.structure(site.id);
        expect(structure.type).toBe('sections');
        expect(outline(structure)).toEqual(['Home[Home, Blog]', 'Changelog[Changelog]']);
        const first = structure.structure[0] as SiteSection;
        expect(first.default).toBe(true);
        expect(added.default).toBe(false);
        expect((await sites.getSite(site.id)).siteSpaces).toBe(3);
      });

      it('keeps one default section: chosen by PATCH of the site, passed on when it goes', async () => {
        const { site, sections } = await siteWithSections(['One', 'Two', 'Three']);
        const [one, two, three] = sections;
        await sites.expect(200, Site, 'PATCH', sites.path(`/${site.id}`), {
          defaultSiteSection: two?.id,
        });
        const listed = await sites.expect<{ items: SiteSection[] }>(
          200,
          ListOf(SiteSection),
          'GET',
          sectionPath(site.id),
        );
        expect(listed.items.map((section) => [section.title, section.default])).toEqual([
          ['One', false],
          ['Two', true],
          ['Three', false],
        ]);
        // The default site space of the site is that of the default section.
        const wrongSection = await sites.request('PATCH', sites.path(`/${site.id}`), {
          body: { defaultSiteSpace: three?.siteSpaces[0]?.id },
        });
        expect(wrongSection.status).toBe(400);
        expect((wrongSection.body as ErrorBody).error.message).toContain('body/defaultSiteSpace');
        await sites.expect(200, Site, 'PATCH', sites.path(`/${site.id}`), {
          defaultSiteSection: three?.id,
          defaultSiteSpace: three?.siteSpaces[0]?.id,
        });
        const unknown = await sites.request('PATCH', sites.path(`/${site.id}`), {
          body: { defaultSiteSection: 'no-such-section' },
        });
        expect(unknown.status).toBe(404);
        expect(
          (await sites.request('DELETE', sectionPath(site.id, `/${three?.id ?? ''}`))).status,
        ).toBe(204);
        const after = await sites.expect<{ items: SiteSection[] }>(
          200,
          ListOf(SiteSection),
          'GET',
          sectionPath(site.id),
        );
        expect(after.items.map((section) => [section.id, section.default])).toEqual([
          [one?.id, true],
          [two?.id, false],
        ]);
        expect(
          (await sites.request('DELETE', sectionPath(site.id, `/${three?.id ?? ''}`))).status,
        ).toBe(204);
      });

      it('sets the default site space of a section among its own site spaces', async () => {
        const { site, sections } = await siteWithSections(['Versions', 'Other']);
        const [versions, other] = sections;
        const v2 = await sites.addSiteSpace(site.id, {
          spaceId: (await sites.createSpace('v2')).id,
          sectionId: versions?.id,
        });
        const patched = await sites.expect<SiteSection>(
          200,
          SiteSection,
          'PATCH',
          sectionPath(site.id, `/${versions?.id ?? ''}`),
          {
            defaultSiteSpace: v2.id,
          },
        );
        expect(patched.siteSpaces.map((row) => [row.title, row.default])).toEqual([
          ['Versions', false],
          ['v2', true],
        ]);
        const elsewhere = await sites.request(
          'PATCH',
          sectionPath(site.id, `/${versions?.id ?? ''}`),
          {
            body: { defaultSiteSpace: other?.siteSpaces[0]?.id },
          },
        );
        expect(elsewhere.status).toBe(400);
        // Removing the last site space of a section removes the section.
        const removed = await sites.request(
          'DELETE',
          sites.path(`/${site.id}/site-spaces/${other?.siteSpaces[0]?.id ?? ''}`),
        );
        expect(removed.status).toBe(204);
        expect(outline(await sites.structure(site.id))).toEqual(['Versions[Versions, v2]']);
      });

      it('updates a section: omitted fields are kept, null removes, conditions are checked', async () => {
        const { site, sections } = await siteWithSections(['Editable', 'Taken']);
        const path = sectionPath(site.id, `/${sections[0]?.id ?? ''}`);
        const patched = await sites.expect<SiteSection>(200, SiteSection, 'PATCH', path, {
          title: 'Edited',
          path: 'edited',
          condition: 'visitor.claims.unsigned.isBetaUser && !visitor.claims.plan.includes("free")',
          icon: 'rocket',
          description: 'What it holds',
        });
        expect(patched).toMatchObject({
          title: 'Edited',
          path: 'edited',
          icon: 'rocket',
          description: 'What it holds',
        });
        const kept = await sites.expect<SiteSection>(200, SiteSection, 'PATCH', path, {
          title: 'Again',
        });
        expect(kept.condition).toBe(patched.condition);
        const cleared = await sites.expect<SiteSection>(200, SiteSection, 'PATCH', path, {
          condition: null,
          icon: null,
          description: null,
        });
        for (const key of ['condition', 'icon', 'description'])
          expect(cleared).not.toHaveProperty(key);
        expect((await sites.request('PATCH', path, { body: { path: 'taken' } })).status).toBe(409);
        for (const body of [
          { condition: 'visitor..claims' },
          { condition: 'x'.repeat(1025) },
          { condition: '('.repeat(1000) },
          { condition: '' },
          { title: 'x' },
          { description: 'x'.repeat(257) },
          { path: 'with space' },
        ]) {
          const response = await sites.request('PATCH', path, { body });
          expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
          expect(Value.Check(ErrorBody, response.body)).toBe(true);
        }
        const unknown = await sites.request('PATCH', sectionPath(site.id, '/no-such-section'), {
          body: {},
        });
        expect(unknown.status).toBe(404);
        expect((unknown.body as ErrorBody).error.message).toBe('Site section not found');
      });

      it('moves sections with before and after (deprecated move); invalid positions are 409', async () => {
        const { site, sections } = await siteWithSections(['Aa', 'Bb', 'Cc']);
        const [a, b, c] = sections;
        const moveSection = (id: string, position: unknown) =>
          sites.request('POST', sectionPath(site.id, `/${id}/move`), { body: { position } });
        const moved = await moveSection(c?.id ?? '', {
          before: { type: 'site-section', siteSection: a?.id },
        });
        expect(moved.status, moved.text).toBe(200);
        expect(Value.Check(SiteSection, moved.body)).toBe(true);
        expect(outline(await sites.structure(site.id))).toEqual(['Cc[Cc]', 'Aa[Aa]', 'Bb[Bb]']);
        await moveSection(c?.id ?? '', { after: { type: 'site-section', siteSection: b?.id } });
        expect(outline(await sites.structure(site.id))).toEqual(['Aa[Aa]', 'Bb[Bb]', 'Cc[Cc]']);
        for (const reference of ['no-such-section', c?.id ?? '']) {
          const response = await moveSection(c?.id ?? '', {
            before: { type: 'site-section', siteSection: reference },
          });
          expect(response.status).toBe(409);
        }
        expect(
          (
            await moveSection('no-such-section', {
              before: { type: 'site-section', siteSection: a?.id },
            })
          ).status,
        ).toBe(404);
      });
    });

    describe('section groups', () => {
      it('creates, lists, updates and deletes groups, keeping their sections', async () => {
        const { site, sections } = await siteWithSections(['Intro', 'Web', 'Mobile', 'Outro']);
        const [, web, mobile] = sections;
        const platforms = await sites.addGroup(site.id, {
          title: 'Platforms',
          icon: 'layers',
          sections: [web?.id, mobile?.id],
        });
        expect(platforms).toMatchObject({
          object: 'site-section-group',
          title: 'Platforms',
          icon: 'layers',
        });
        expect(platforms.children.map((section) => [section.title, section.sectionGroup])).toEqual([
          ['Web', platforms.id],
          ['Mobile', platforms.id],
        ]);
        expect(outline(await sites.structure(site.id))).toEqual([
          'Intro[Intro]',
          'Outro[Outro]',
          '{Platforms: Web, Mobile}',
        ]);
        const nested = await sites.addGroup(site.id, {
          title: 'Native',
          parent: platforms.id,
          sections: [mobile?.id],
        });
        expect(nested.sectionGroup).toBe(platforms.id);
        const listed = await sites.expect<{ items: SiteSectionGroup[] }>(
          200,
          ListOf(SiteSectionGroup),
          'GET',
          groupPath(site.id),
        );
        expect(
          listed.items.map((group) => [
            group.title,
            group.children.map((section) => section.title),
          ]),
        ).toEqual([
          ['Platforms', ['Web', 'Mobile']],
          ['Native', ['Mobile']],
        ]);
        const renamed = await sites.expect<SiteSectionGroup>(
          200,
          SiteSectionGroup,
          'PATCH',
          groupPath(site.id, `/${platforms.id}`),
          {
            title: 'Apps',
            icon: null,
          },
        );
        expect(renamed.title).toBe('Apps');
        expect(renamed).not.toHaveProperty('icon');
        expect((await sites.request('DELETE', groupPath(site.id, `/${platforms.id}`))).status).toBe(
          204,
        );
        expect((await sites.request('DELETE', groupPath(site.id, `/${platforms.id}`))).status).toBe(
          204,
        );
        // Its sections and its nested group took its place.
        expect(outline(await sites.structure(site.id))).toEqual([
          'Intro[Intro]',
          'Outro[Outro]',
          'Web[Web]',
          '{Native: Mobile}',
        ]);
        const unknownParent = await sites.request('POST', groupPath(site.id), {
          body: { title: 'Lost', parent: 'no-such-group' },
        });
        expect(unknownParent.status).toBe(404);
        const unknownSection = await sites.request('POST', groupPath(site.id), {
          body: { title: 'Lost', sections: ['no-such-section'] },
        });
        expect(unknownSection.status).toBe(404);
      });

      it('adds a section to a group and takes it out again, right after the group', async () => {
        const { site, sections } = await siteWithSections(['Before', 'Member', 'After']);
        const [, member, after] = sections;
        const group = await sites.addGroup(site.id, { title: 'Box' });
        const moved = await sort(site.id, 'site-section-group', group.id, 1);
        expect(moved.status, moved.text).toBe(200);
        expect(outline(await sites.structure(site.id))).toEqual([
          'Before[Before]',
          '{Box: }',
          'Member[Member]',
          'After[After]',
        ]);
        const added = await sites.expect<SiteSectionGroup>(
          201,
          SiteSectionGroup,
          'POST',
          groupPath(site.id, `/${group.id}/sections`),
          {
            sectionId: after?.id,
          },
        );
        expect(added.children.map((section) => section.title)).toEqual(['After']);
        await sites.expect(
          201,
          SiteSectionGroup,
          'POST',
          groupPath(site.id, `/${group.id}/sections`),
          { sectionId: member?.id },
        );
        expect(outline(await sites.structure(site.id))).toEqual([
          'Before[Before]',
          '{Box: After, Member}',
        ]);
        const out = await sites.request(
          'DELETE',
          groupPath(site.id, `/${group.id}/sections/${after?.id ?? ''}`),
        );
        expect(out.status).toBe(204);
        expect(outline(await sites.structure(site.id))).toEqual([
          'Before[Before]',
          '{Box: Member}',
          'After[After]',
        ]);
        const notIn = await sites.request(
          'DELETE',
          groupPath(site.id, `/${group.id}/sections/${after?.id ?? ''}`),
        );
        expect(notIn.status).toBe(204);
        const noGroup = await sites.request(
          'DELETE',
          groupPath(site.id, `/no-such-group/sections/${after?.id ?? ''}`),
        );
        expect(noGroup.status).toBe(404);
        const unknown = await sites.request('POST', groupPath(site.id, `/${group.id}/sections`), {
          body: { sectionId: 'nope' },
        });
        expect(unknown.status).toBe(404);
      });

      it('moves groups with before and after; an invalid position is 409, an unknown group 404', async () => {
        const { site, sections } = await siteWithSections(['S1', 'S2']);
        const [s1] = sections;
        const g1 = await sites.addGroup(site.id, { title: 'G1' });
        const g2 = await sites.addGroup(site.id, { title: 'G2' });
        const moveGroup = (id: string, position: unknown) =>
          sites.request('POST', groupPath(site.id, `/${id}/move`), { body: { position } });
        const moved = await moveGroup(g2.id, { before: { type: 'site-section', id: s1?.id } });
        expect(moved.status, moved.text).toBe(200);
        expect(Value.Check(SiteSectionGroup, moved.body)).toBe(true);
        expect(outline(await sites.structure(site.id))).toEqual([
          '{G2: }',
          'S1[S1]',
          'S2[S2]',
          '{G1: }',
        ]);
        await moveGroup(g1.id, { after: { type: 'site-section', id: g2.id } });
        expect(outline(await sites.structure(site.id))).toEqual([
          '{G2: }',
          '{G1: }',
          'S1[S1]',
          'S2[S2]',
        ]);
        for (const position of [
          { before: { type: 'site-section', id: 'nowhere' } },
          { after: { type: 'site-section', id: g1.id } },
        ]) {
          const response = await moveGroup(g1.id, position);
          expect(response.status).toBe(409);
          expect(Value.Check(ErrorBody, response.body)).toBe(true);
        }
        expect((await moveGroup(g1.id, {})).status).toBe(400);
        const unknown = await moveGroup('no-such-group', {
          before: { type: 'site-section', id: g1.id },
        });
        expect(unknown.status).toBe(404);
        expect((unknown.body as ErrorBody).error.message).toBe('Site section group not found');
      });
    });

    describe('structure and its sort', () => {
      it('sorts sections, groups and site spaces by index among their siblings', async () => {
        const { site, sections } = await siteWithSections(['First', 'Second', 'Third']);
        const [first, , third] = sections;
        const extra = await sites.addSiteSpace(site.id, {
          spaceId: (await sites.createSpace('Extra')).id,
          sectionId: first?.id,
        });
        const sorted = await sort(site.id, 'site-section', third?.id ?? '', 0);
        expect(sorted.status, sorted.text).toBe(200);
        // The answer is the moved item, as GitBook's API gives it.
        expect(Value.Check(SiteSection, sorted.body)).toBe(true);
        expect(sorted.body).toMatchObject({ object: 'site-section', id: third?.id });
        const group = await sites.addGroup(site.id, { title: 'Group' });
        const sortedGroup = await sort(site.id, 'site-section-group', group.id, 3);
        expect(sortedGroup.body).toMatchObject({ object: 'site-section-group', id: group.id });
        await sites.request('DELETE', groupPath(site.id, `/${group.id}`));
        const sortedSpace = await sort(site.id, 'site-space', extra.id, 1);
        expect(sortedSpace.body).toMatchObject({ object: 'site-space', id: extra.id });
        expect(outline(await sites.structure(site.id))).toEqual([
          'Third[Third]',
          'First[First, Extra]',
          'Second[Second]',
        ]);
        await sort(site.id, 'site-section', third?.id ?? '', 2);
        await sort(site.id, 'site-space', extra.id, 0);
        expect(outline(await sites.structure(site.id))).toEqual([
          'First[Extra, First]',
          'Second[Second]',
          'Third[Third]',
        ]);
        const past = await sort(site.id, 'site-section', third?.id ?? '', 3);
        expect(past.status).toBe(400);
        expect((past.body as ErrorBody).error.message).toContain('body/position');
        expect((await sort(site.id, 'site-space', extra.id, 2)).status).toBe(400);
        for (const type of ['site-section', 'site-section-group', 'site-space']) {
          const unknown = await sort(site.id, type, 'nope', 0);
          expect(unknown.status, type).toBe(404);
        }
      });

      it('renumbers when repeated moves leave no room between neighbours', async () => {
        const { site, sections } = await siteWithSections(['aa', 'bb', 'cc']);
        const [a, b] = sections;
        // Each move halves the gap before `cc`: after about 30 the midpoint is no longer trusted.
        for (let round = 0; round < 61; round++) {
          const response = await sort(
            site.id,
            'site-section',
            round % 2 === 0 ? (a?.id ?? '') : (b?.id ?? ''),
            1,
          );
          expect(response.status).toBe(200);
        }
        expect(outline(await sites.structure(site.id))).toEqual(['bb[bb]', 'aa[aa]', 'cc[cc]']);
        const rows = await server.db
          .selectFrom('site_sections')
          .select('position')
          .where('site_id', '=', site.id)
          .orderBy('position')
          .execute();
        const gaps = rows.slice(1).map((row, index) => row.position - (rows[index]?.position ?? 0));
        // 61 halvings without renumbering would leave a gap of 2^-61; renumbered, it is far wider.
        expect(Math.min(...gaps)).toBeGreaterThan(MIN_POSITION_GAP / 1000);
      });

      it('publishes the structure of a multi-section site as it was built, in order', async () => {
        const { site, sections } = await siteWithSections(['Home', 'Guides', 'SDKs', 'Changelog']);
        const [home, guides, sdks, changelog] = sections;
        const sdkGroup = await sites.addGroup(site.id, {
          title: 'Developers',
          sections: [sdks?.id],
        });
        const python = await sites.addSiteSpace(site.id, {
          spaceId: (await sites.createSpace('Python')).id,
          sectionId: sdks?.id,
        });
        await sites.addSiteSpace(site.id, {
          spaceId: (await sites.createSpace('Go')).id,
          sectionId: sdks?.id,
        });
        await sort(site.id, 'site-space', python.id, 0);
        await sort(site.id, 'site-section-group', sdkGroup.id, 1);
        await sort(site.id, 'site-section', changelog?.id ?? '', 2);
        const built = await sites.structure(site.id);
        expect(outline(built)).toEqual([
          'Home[Home]',
          '{Developers: SDKs}',
          'Changelog[Changelog]',
          'Guides[Guides]',
        ]);
        const published = await sites.request('GET', sites.path(`/${site.id}/published`));
        expect(published.status, published.text).toBe(200);
        const body = published.body as { object: string; site: Site; structure: SiteStructureType };
        expect(body.object).toBe('published-content-site');
        expect(body.site).toMatchObject({ id: site.id, published: true, siteSpaces: 6 });
        expect(body.structure).toEqual(built);
        const group = body.structure.structure[1] as SiteSectionGroup;
        expect(group.children[0]?.siteSpaces.map((row) => row.title)).toEqual([
          'Python',
          'SDKs',
          'Go',
        ]);
        expect(group.children[0]?.urls.published).toBe(`${server.baseUrl}/sites/${site.id}/sdks`);
        expect(group.children[0]?.siteSpaces[0]?.urls.published).toBe(
          `${server.baseUrl}/sites/${site.id}/sdks/python`,
        );
        expect(home?.default).toBe(true);
        expect(guides?.default).toBe(false);
      });
    });
  });
}
