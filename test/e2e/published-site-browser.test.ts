/**
 * Published sites in a real browser (issue 28): headless Chromium (Debian's package, driven by
 * playwright-core) reads a corpus space published as a site on a real server, as a reader would:
 * the navigation, every block, images, links, search, the audiences, a merged edit, and axe-core
 * on the pages. Skipped without Chromium outside CI; a failure in CI (see support/chromium.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Site } from '@docsync/api';
import { treeToRevision, type RevisionPage } from '@docsync/core';
import {
  signVisitorToken,
  startTestServer,
  textBlob,
  type TestServer,
} from '@docsync/server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, skipBrowserTests } from '../support/chromium.ts';
import { publishedSiteKit, type PublishedSiteKit } from '../support/published-site-kit.ts';

/** What the tests read of links and images in the page (the tests compile without the DOM's types). */
type Anchor = { href: string };
type Img = { src: string; complete: boolean; naturalWidth: number };

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The titles of the listed pages of a tree, in SUMMARY order (what the navigation must show). */
function listedTitles(pages: readonly RevisionPage[]): string[] {
  return pages.flatMap((page) => {
    if (page.hidden === true) return [];
    const own = page.type === 'group' ? [] : [page.linkTitle ?? page.title];
    return [...own, ...('pages' in page ? listedTitles(page.pages) : [])];
  });
}

/** axe-core's serious and critical violations on the page, as `rule: targets`. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

describe.skipIf(skipBrowserTests)('a published site in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let kit: PublishedSiteKit;
  let site: Site;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    server = await startTestServer();
    kit = await publishedSiteKit(server);
    site = await kit.publish({ visibility: 'public' });
    // axe-core is injected into the page: the test's context lets it past the page's CSP.
    context = await browser.newContext({ bypassCSP: true });
    page = await context.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('reaches every page from the navigation, in order, by previous/next', async () => {
    const tree = treeToRevision(
      kit.corpus.tree.map((file) => ({
        path: file.path,
        oid: file.oid,
        size: file.bytes.length,
        ...(/\.(md|ya?ml)$/.test(file.path) ? { text: new TextDecoder().decode(file.bytes) } : {}),
      })),
    );
    const expected = listedTitles(tree.content.pages);
    const response = await page.goto(site.urls.published ?? '');
    expect(response?.status()).toBe(200);
    // Each page is in the navigation, marked current, and "next" leads through them in order.
    const visited: string[] = [];
    for (;;) {
      const title = (await page.locator('main h1').textContent()) ?? '';
      visited.push(title);
      expect(await page.locator('nav.ds-nav a[aria-current=page]').textContent()).toBe(title);
      if ((await page.locator('a[rel=next]').count()) === 0) break;
      await page.locator('a[rel=next]').click();
    }
    expect(visited).toEqual(expected);
  }, 60_000);

  it('renders every block type of the fixture page, and its tabs and expandables work', async () => {
    await page.goto(`${site.urls.published ?? ''}/blocks/all-blocks`);
    for (const selector of [
      '.ds-hint-info',
      '.ds-hint-warning',
      '.ds-tabs',
      'details.ds-expandable',
      '.ds-stepper .ds-step',
      '.ds-code.ds-line-numbers figcaption',
      'table th',
      '.ds-cards .ds-card',
      'figure.ds-image img',
      '.ds-embed a',
      '.ds-math-block code.ds-math',
      '.ds-openapi .ds-method',
      '.ds-include',
      '.ds-content-ref a',
      '.ds-columns .ds-column',
      'blockquote',
      'hr',
      '.ds-tasks input[type=checkbox]',
      '.ds-footnotes',
      'kbd',
    ])
      expect(await page.locator(selector).count(), selector).toBeGreaterThan(0);
    expect(await page.locator('main').textContent()).toContain('a variable Example Docs');
    const panels = page.locator('.ds-tab-panel');
    expect(await panels.nth(1).isVisible()).toBe(false);
    await page.locator('.ds-tab-label', { hasText: 'macOS' }).click();
    expect(await panels.nth(1).isVisible()).toBe(true);
    expect(await panels.nth(0).isVisible()).toBe(false);
    const body = page.locator('.ds-expandable-body');
    expect(await body.isVisible()).toBe(false);
    await page.locator('details.ds-expandable summary').click();
    expect(await body.isVisible()).toBe(true);
  }, 60_000);

  it('loads every image and resolves every internal link of every page', async () => {
    const origin = new URL(server.baseUrl).origin;
    const pages = new Set<string>();
    // Every page, by following "next" from the first.
    await page.goto(site.urls.published ?? '');
    pages.add(page.url());
    while ((await page.locator('a[rel=next]').count()) > 0) {
      await page.locator('a[rel=next]').click();
      pages.add(page.url());
    }
    pages.add(`${site.urls.published ?? ''}/blocks/all-blocks`);
    let images = 0;
    for (const url of pages) {
      await page.goto(url);
      // Images load lazily: bring each into view and wait for it to settle.
      for (const image of await page.locator('main img').all()) {
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img) => (img as unknown as Img).complete))
          .toBe(true);
      }
      const broken = await page
        .locator('main img')
        .evaluateAll((imgs) =>
          imgs
            .filter(
              (img) =>
                !(img as unknown as Img).complete || (img as unknown as Img).naturalWidth === 0,
            )
            .map((img) => (img as unknown as Img).src),
        );
      expect(broken, url).toEqual([]);
      images += await page.locator('main img').count();
      const links = await page
        .locator('a[href]')
        .evaluateAll((all) => all.map((link) => (link as unknown as Anchor).href));
      for (const link of new Set(links.filter((href) => href.startsWith(origin)))) {
        expect((await page.request.get(link)).status(), `${link} on ${url}`).toBe(200);
      }
    }
    expect(images).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('finds a page with the search box and opens it', async () => {
    await page.goto(site.urls.published ?? '');
    await page.locator('header input[type=search]').fill('hint');
    await page.locator('header input[type=search]').press('Enter');
    await page.waitForURL(/~search\?q=hint/);
    const results = page.locator('.ds-results a');
    expect(await results.count()).toBeGreaterThan(0);
    const title = await results.first().textContent();
    await results.first().click();
    expect(await page.locator('main h1').textContent()).toBe(title);
  }, 60_000);

  it('refuses share-link and visitor-auth sites without credentials and serves them with', async () => {
    const shared = await kit.publish({ visibility: 'share-link' });
    const guest = await browser.newContext();
    const tab = await guest.newPage();
    const bare = (shared.urls.published ?? '').split('?')[0] ?? '';
    expect((await tab.goto(bare))?.status()).toBe(404);
    expect((await tab.goto(shared.urls.published ?? ''))?.status()).toBe(200);
    await tab.locator('a[rel=next]').click();
    expect(await tab.locator('main h1').count()).toBe(1);
    expect(new URL(tab.url()).search).toBe('');

    const members = await kit.publish({ visibility: 'visitor-auth' });
    const root = members.urls.published ?? '';
    expect((await tab.goto(root))?.status()).toBe(404);
    const { privateKey } = (
      await kit.sites.request('GET', kit.sites.path(`/${members.id}/publishing/auth`))
    ).body as { privateKey: string };
    const token = await signVisitorToken(privateKey, {
      exp: server.clock.now().getTime() / 1000 + 3600,
    });
    expect((await tab.goto(`${root}?jwt_token=${token}`))?.status()).toBe(200);
    await tab.locator('a[rel=next]').click();
    expect(await tab.locator('main h1').count()).toBe(1);
    await guest.close();
  }, 60_000);

  it('switches any number of tabs without JavaScript, by pointer and by keyboard', async () => {
    const titles = Array.from({ length: 20 }, (_, index) => `Option ${index + 1}`);
    const tabs = titles
      .map((title) => `{% tab title="${title}" %}\nThe text of ${title}.\n{% endtab %}`)
      .join('\n\n');
    const { id } = await kit.sites.createSpace('Many tabs');
    await kit.merge(
      id,
      [textBlob('README.md', `# Many tabs\n\n{% tabs %}\n${tabs}\n{% endtabs %}\n`)],
      'Tabs',
    );
    const tabsSite = await kit.sites.createSite({
      title: 'Tabs',
      visibility: 'public',
      spaces: [id],
    });
    const noScript = await browser.newContext({ javaScriptEnabled: false, bypassCSP: true });
    try {
      const reader = await noScript.newPage();
      reader.setDefaultTimeout(10_000);
      expect((await reader.goto(tabsSite.urls.published ?? ''))?.status()).toBe(200);
      const panels = reader.locator('.ds-tab-panel');
      expect(await panels.count()).toBe(20);
      const shown = async () => {
        const visible: number[] = [];
        for (let index = 0; index < 20; index++)
          if (await panels.nth(index).isVisible()) visible.push(index);
        return visible;
      };
      expect(await shown()).toEqual([0]);
      // Past the twelfth tab, which the generated rules of before stopped at.
      await reader.locator('.ds-tab-label', { hasText: /^Option 17$/ }).click();
      expect(await shown()).toEqual([16]);
      expect(await panels.nth(16).textContent()).toContain('The text of Option 17.');
      await reader.locator('.ds-tab-label', { hasText: /^Option 20$/ }).click();
      expect(await shown()).toEqual([19]);
      // The keyboard: the checked radio button takes the focus, the arrow keys move along.
      await reader.locator('.ds-tab-input').nth(19).focus();
      await reader.keyboard.press('ArrowLeft');
      expect(await shown()).toEqual([18]);
      await reader.keyboard.press('ArrowRight');
      await reader.keyboard.press('ArrowRight');
      expect(await shown()).toEqual([0]);
    } finally {
      await noScript.close();
    }
    // axe-core is a script: it runs where scripts do, on the same page.
    await page.goto(tabsSite.urls.published ?? '');
    expect(await seriousViolations(page)).toEqual([]);
  }, 60_000);

  it('shows an edit merged through the API after a reload', async () => {
    await page.goto(`${site.urls.published ?? ''}/quote`);
    expect(await page.locator('main').textContent()).not.toContain(
      'A quote edited through the API',
    );
    await kit.merge(
      kit.corpus.id,
      kit.corpus.tree.map((file) =>
        file.path === 'quote.md'
          ? textBlob(file.path, '# Quote\n\nA quote edited through the API.\n')
          : file,
      ),
      'Edit the quote page',
    );
    await page.reload();
    expect(await page.locator('main').textContent()).toContain('A quote edited through the API');
  }, 60_000);

  it('has no serious accessibility violation, in the light and the dark theme, and a keyboard path', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const path of ['', '/blocks/all-blocks', '/~search?q=hint']) {
        await page.goto(`${site.urls.published ?? ''}${path}`);
        expect(await seriousViolations(page), `${colorScheme} ${path}`).toEqual([]);
      }
    }
    await page.goto(site.urls.published ?? '');
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(page.url()).toMatch(/#ds-content$/);
  }, 120_000);
});
