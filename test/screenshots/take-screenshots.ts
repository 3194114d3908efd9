/**
 * Regenerates the screenshots of docs/screenshots/ (issue 28): a page of a published site in the
 * light and the dark theme, and the review view of a change request's rendered diff. It runs a
 * real server on a loopback port with the corpus and the fixture of every block published, and
 * drives headless Chromium (/usr/bin/chromium). Run: `npm run screenshots -w @docsync/e2e`.
 */
import { fileURLToPath } from 'node:url';
import type { ChangeRequest } from '@docsync/api';
import { sendTree, commitOid, startTestServer, textBlob } from '@docsync/server/testing';
import { launchChromium } from '../support/chromium.ts';
import { publishedSiteKit } from '../support/published-site-kit.ts';

const out = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const viewport = { width: 1280, height: 900 };

const server = await startTestServer();
const browser = await launchChromium();
try {
  const kit = await publishedSiteKit(server);
  const site = await kit.publish({ visibility: 'public' });
  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport, colorScheme });
    await page.goto(`${site.urls.published ?? ''}/blocks/all-blocks`);
    await page.screenshot({ path: `${out}site-${colorScheme}.png` });
    await page.close();
  }

  const created = await server.http.request('POST', `/v1/spaces/${kit.blocks.id}/change-requests`, {
    body: { subject: 'Explain the restart after installing' },
  });
  const changeRequest = created.body as ChangeRequest;
  const edited = kit.blocks.tree.map((file) =>
    file.path === 'guides/install.md'
      ? textBlob(
          file.path,
          '# Install\n\nInstall it with one command.\n\n{% hint style="warning" %}\nRestart the service after installing.\n{% endhint %}\n',
        )
      : file,
  );
  const sent = await sendTree(
    server.http,
    kit.blocks.id,
    edited,
    { oid: commitOid(100), message: 'Restart' },
    { changeRequest: changeRequest.id },
  );
  if (sent.status !== 204) throw new Error(`pushing the change request failed: ${sent.text}`);
  await server.http.request(
    'POST',
    `/v1/spaces/${kit.blocks.id}/change-requests/${changeRequest.id}/comments`,
    {
      body: { body: { markdown: 'Should the hint say why a restart is needed?' } },
    },
  );
  const review = await browser.newPage({
    viewport,
    extraHTTPHeaders: { authorization: `Bearer ${server.token}` },
  });
  await review.goto(changeRequest.urls.app);
  await review.screenshot({ path: `${out}change-request-diff.png` });
  console.log(`wrote ${out}site-light.png, site-dark.png and change-request-diff.png`);
} finally {
  await browser.close();
  await server.close();
}
