import { buildOpenApiDocument } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/start-test-server.js';

describe('the interactive API reference at /reference', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('is a page that loads its script from this server, and no token is needed', async () => {
    const page = await fetch(`${server.baseUrl}/reference/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    // Every script and document it loads is relative to the page: nothing from a CDN.
    const sources = [...html.matchAll(/(?:src|href)="([^"]*)"|"url": "([^"]*)"/g)].map(
      (match) => match[1] ?? match[2] ?? '',
    );
    expect(sources).toEqual(['js/scalar.js', './openapi.json']);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('"withDefaultFonts": false');
    expect(html).toContain('"telemetry": false');
    const script = await fetch(`${server.baseUrl}/reference/js/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });

  it('renders the contract: /reference/openapi.json is packages/api/openapi.json', async () => {
    const document = await fetch(`${server.baseUrl}/reference/openapi.json`);
    expect(document.status).toBe(200);
    expect(await document.json()).toEqual(buildOpenApiDocument());
  });
});
