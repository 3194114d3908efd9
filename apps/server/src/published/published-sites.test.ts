import { fileURLToPath } from 'node:url';
import { Site, type Site as SiteType } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signVisitorToken } from '../sites/visitor-token.js';
import {
  commitOid,
  readTreeFromDisk,
  sendTree,
  textBlob,
  type TreeBlob,
} from '../testing/send-tree.js';
import { SiteClient } from '../testing/site-client.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

/** The fixture space: a page of every block, a nested guide, an include, an image. */
const fixtureDir = fileURLToPath(
  new URL('../../../../packages/core/fixtures/site-blocks/', import.meta.url),
);

/** The `href`s and `src`s of a page, resolved against its URL. */
function linksOf(html: string, pageUrl: string, attribute: 'href' | 'src'): string[] {
  return [...html.matchAll(new RegExp(`\\s${attribute}="([^"]*)"`, 'g'))].map((match) =>
    new URL(
      (match[1] ?? '').replaceAll('&#x26;', '&').replaceAll('&amp;', '&'),
      pageUrl,
    ).toString(),
  );
}

/** The titles of the page tree's links, in order. */
function navTitles(html: string): string[] {
  const nav = /<nav class="ds-nav"[^>]*>([\s\S]*?)<\/nav><main/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((match) => match[1] ?? '');
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`published sites as HTML (${dialect})`, () => {
    let server: TestServer;
    let sites: SiteClient;
    let tree: TreeBlob[];
    let spaceId: string;
    let commits = 1;

    const get = (url: string, headers: Record<string, string> = {}) =>
      fetch(url, { headers, redirect: 'manual' });
    const html = async (url: string, headers: Record<string, string> = {}) => {
      const response = await get(url, headers);
      return { status: response.status, headers: response.headers, text: await response.text() };
    };
    const publish = async (body: Record<string, unknown>): Promise<SiteType> =>
      sites.createSite({ spaces: [spaceId], ...body });

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      sites = new SiteClient(server.http, {
        organizationId: server.organizationId,
        token: server.token,
      });
      spaceId = (await sites.createSpace('Example Docs')).id;
      tree = readTreeFromDisk(fixtureDir);
      const sent = await sendTree(server.http, spaceId, tree, {
        oid: commitOid(commits++),
        message: 'Docs',
      });
      expect(sent.status, sent.text).toBe(204);
    });
    afterAll(async () => {
      await server.close();
    });

    it('serves every page at urls.published, reachable from the navigation in order', async () => {
      const site = await publish({ visibility: 'public', title: 'Example site' });
      const home = await html(site.urls.published ?? '');
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // Children show under the current page and its ancestors only.
      expect(navTitles(home.text)).toEqual(['Welcome', 'All blocks', 'Guides']);
      const guides = await html(`${site.urls.published ?? ''}/guides`);
      expect(navTitles(guides.text)).toEqual(['Welcome', 'All blocks', 'Guides', 'Install']);
      // Following "next" from the first page visits every page of the navigation, in its order.
      const visited: string[] = [];
      let url: string | undefined = site.urls.published;
      while (url !== undefined) {
        const page = await html(url);
        expect(page.status, url).toBe(200);
        visited.push(/<h1>([^<]*)<\/h1>/.exec(page.text)?.[1] ?? '');
        const next = /<a href="([^"]*)" rel="next"/.exec(page.text)?.[1];
        url = next === undefined ? undefined : new URL(next, url).toString();
      }
      expect(visited).toEqual(['Welcome', 'All blocks', 'Guides', 'Install']);
    });

    it('renders the blocks of a page, with its outline, working links and images', async () => {
      const site = await publish({ visibility: 'public' });
      const url = `${site.urls.published ?? ''}/all-blocks`;
      const page = await html(url);
      for (const marker of [
        'class="ds-hint ds-hint-info"',
        'class="ds-tabs"',
        '<details class="ds-expandable">',
        'class="ds-stepper"',
        '<figcaption>index.js</figcaption>',
        'class="ds-code ds-line-numbers"',
        '<table>',
        'class="ds-cards',
        'class="ds-embed"',
        'class="ds-math-block"',
        'class="ds-openapi"',
        'This paragraph comes from a reusable content block.',
        'a variable Example Docs,',
        'class="ds-content-ref"',
        'class="ds-columns"',
        '<h2 id="ds-outline-title">On this page</h2>',
        '<h2 id="hints">',
        '<a href="#hints">Hints</a>',
        'class="ds-footnotes"',
      ])
        expect(page.text, marker).toContain(marker);
      expect(page.text).not.toContain('<script>alert');
      for (const target of linksOf(page.text, url, 'href').filter((link) =>
        link.startsWith(server.baseUrl),
      )) {
        expect((await get(target)).status, target).toBe(200);
      }
      const images = linksOf(page.text, url, 'src').filter((src) => src.includes('/~files/'));
      expect(images.length).toBe(1);
      const image = await get(images[0] ?? '');
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const styles = linksOf(page.text, url, 'href').find((href) => href.endsWith('.css')) ?? '';
      const css = await get(styles);
      expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });

    it('finds pages with the search box', async () => {
      const site = await publish({ visibility: 'public' });
      const url = `${site.urls.published ?? ''}/~search?q=command`;
      const page = await html(url);
      expect(page.text).toContain('1 page matches');
      const [result] =
        /<ol class="ds-results"><li><a href="([^"]*)"/.exec(page.text)?.slice(1) ?? [];
      expect(new URL(result ?? '', url).pathname).toBe(`/sites/${site.id}/guides/install`);
    });

    it('keeps unlisted sites out of search engines and sitemaps', async () => {
      const open = await publish({ visibility: 'public' });
      const sitemap = await html(`${open.urls.published ?? ''}/sitemap.xml`);
      expect(sitemap.text).toContain(`<loc>${open.urls.published ?? ''}/guides/install</loc>`);
      expect(await (await get(`${open.urls.published ?? ''}/robots.txt`)).text()).toContain(
        'Allow: /',
      );
      const unlisted = await publish({ visibility: 'unlisted' });
      const page = await html(unlisted.urls.published ?? '');
      expect(page.status).toBe(200);
      expect(page.headers.get('x-robots-tag')).toBe('noindex');
      expect(page.text).toContain('<meta name="robots" content="noindex">');
      expect((await get(`${unlisted.urls.published ?? ''}/sitemap.xml`)).status).toBe(404);
      expect(await (await get(`${unlisted.urls.published ?? ''}/robots.txt`)).text()).toContain(
        'Disallow: /',
      );
    });

    it('serves a share-link site only with its key, then by the cookie it sets', async () => {
      const site = await publish({ visibility: 'share-link' });
      const withKey = site.urls.published ?? '';
      expect(withKey).toContain('?shareKey=');
      const bare = withKey.split('?')[0] ?? '';
      expect((await get(bare)).status).toBe(404);
      expect((await get(`${bare}/guides?shareKey=wrong`)).status).toBe(404);
      const first = await get(withKey);
      expect(first.status).toBe(200);
      const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/^docsync_share_/);
      expect((await get(`${bare}/guides`, { cookie })).status).toBe(200);
    });

    it('serves a visitor-auth site only with a visitor token, adapted to its claims', async () => {
      const site = await publish({ visibility: 'visitor-auth' });
      await sites.expect(200, Site, 'PATCH', sites.path(`/${site.id}`), {
        adaptiveContent: { enabled: true },
      });
      const beta = await sites.addSiteSpace(site.id, {
        spaceId: (await sites.createSpace('Beta Docs')).id,
      });
      const conditioned = await sites.request(
        'PATCH',
        sites.path(`/${site.id}/site-spaces/${beta.id}`),
        {
          body: { condition: 'visitor.claims.unsigned.beta == true' },
        },
      );
      expect(conditioned.status, conditioned.text).toBe(200);
      const betaTree = [
        textBlob('README.md', '# Beta\n\nOnly for beta visitors.\n'),
        textBlob('SUMMARY.md', '# Table of contents\n\n* [Beta](README.md)\n'),
      ];
      expect(
        (
          await sendTree(server.http, beta.space.id, betaTree, {
            oid: commitOid(commits++),
            message: 'Beta',
          })
        ).status,
      ).toBe(204);
      const auth = (await sites.request('GET', sites.path(`/${site.id}/publishing/auth`))).body as {
        privateKey: string;
      };
      const exp = server.clock.now().getTime() / 1000 + 3600;
      const root = site.urls.published ?? '';
      expect((await get(root)).status).toBe(404);
      expect((await get(`${root}?jwt_token=not-a-token`)).status).toBe(404);
      const plain = await signVisitorToken(auth.privateKey, { exp, unsigned: { beta: false } });
      const reader = await html(`${root}?jwt_token=${plain}`);
      expect(reader.status).toBe(200);
      expect(reader.text).not.toContain('Beta Docs');
      // The site space hidden from this visitor is not there for them.
      expect((await get(`${root}/${beta.path}`, { 'x-visitor-token': plain })).status).toBe(404);
      const tester = await signVisitorToken(auth.privateKey, { exp, unsigned: { beta: true } });
      const betaPage = await html(`${root}/${beta.path}`, { 'x-visitor-token': tester });
      expect(betaPage.text).toContain('Only for beta visitors.');
      expect(betaPage.text).toContain('Beta Docs');
    });

    it('shows a merged edit on the next request, and answers a repeated one from the cache', async () => {
      const site = await publish({ visibility: 'public' });
      const url = `${site.urls.published ?? ''}/guides/install`;
      const before = await get(url);
      expect(await before.text()).toContain('Install it with one command.');
      const etag = before.headers.get('etag') ?? '';
      expect((await get(url, { 'if-none-match': etag })).status).toBe(304);
      const hits = server.caches.publishedPages.stats().hits;
      await get(url);
      expect(server.caches.publishedPages.stats().hits).toBe(hits + 1);
      const edited = tree.map((file) =>
        file.path === 'guides/install.md'
          ? textBlob(file.path, '# Install\n\nInstall it with two commands.\n')
          : file,
      );
      expect(
        (
          await sendTree(server.http, spaceId, edited, {
            oid: commitOid(commits++),
            message: 'Edit',
          })
        ).status,
      ).toBe(204);
      const after = await html(url);
      expect(after.text).toContain('Install it with two commands.');
      expect((await get(url, { 'if-none-match': etag })).status).toBe(200);
      tree = edited;
    });

    it('gives agents llms.txt and each page as markdown while the site includes them', async () => {
      const site = await publish({ visibility: 'public' });
      const root = site.urls.published ?? '';
      const llms = await html(`${root}/llms.txt`);
      expect(llms.text).toContain(`- [Install](${root}/guides/install.md)`);
      const markdown = await html(`${root}/guides/install.md`);
      expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(markdown.text).toMatch(/^# Install\n/);
      await sites.expect(200, Site, 'PATCH', sites.path(`/${site.id}`), {
        agentsContext: 'excluded',
      });
      expect((await get(`${root}/llms.txt`)).status).toBe(404);
      expect((await get(`${root}/guides/install.md`)).status).toBe(404);
    });

    it('answers 404 pages for unknown sites, pages and files, and for sites that publish nothing', async () => {
      const site = await publish({ visibility: 'public' });
      const root = site.urls.published ?? '';
      for (const url of [
        `${server.baseUrl}/sites/nosuch`,
        `${root}/nosuch`,
        `${root}/~files/x/y`,
        `${root}/~static/nosuch.css`,
      ]) {
        const page = await html(url);
        expect(page.status, url).toBe(404);
        expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      }
      const empty = await sites.createSite({ visibility: 'public' });
      expect((await get(`${server.baseUrl}/sites/${empty.id}`)).status).toBe(404);
    });
  });
}
