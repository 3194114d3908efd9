import { fileURLToPath } from 'node:url';
import type { SamlProvider } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SamlTestIdp } from '../testing/saml-test-idp.js';
import { commitOid, readTreeFromDisk, sendTree } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';

const fixtureDir = fileURLToPath(
  new URL('../../../../packages/core/fixtures/site-blocks/', import.meta.url),
);
const idp = new SamlTestIdp('review');

/** The value of a hidden field of a page's form. */
function field(html: string, name: string): string {
  const found = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
  return (found ?? '').replaceAll('&#x26;', '&').replaceAll('&amp;', '&');
}

/** The `name=value` of a response's cookie `name`, or undefined. */
function cookieOf(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`));
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`signing in to the review view through SSO (${dialect})`, () => {
    let server: TestServer;
    let spaceId: string;
    let provider: SamlProvider;
    const next = () => `/app/s/${spaceId}/guides/install`;

    const form = (path: string, fields: Record<string, string>, cookie?: string) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookie === undefined ? {} : { cookie }),
        },
        body: new URLSearchParams(fields).toString(),
      });

    /** Follows the login page's SSO link to the IdP, and the IdP's answer to the ACS page. */
    const throughIdp = async (email: string) => {
      const login = await (
        await fetch(`${server.baseUrl}/app/login?next=${encodeURIComponent(next())}`)
      ).text();
      const link = /href="(\/app\/login\/sso\/[^"]+)"/.exec(login)?.[1]?.replaceAll('&#x26;', '&');
      expect(link, login).toBeDefined();
      const start = await fetch(`${server.baseUrl}${link ?? ''}`, { redirect: 'manual' });
      expect(start.status).toBe(302);
      const nonceCookie = cookieOf(start, 'docsync_app_sso');
      expect(nonceCookie).toMatch(/^docsync_app_sso=dsn_/);
      const location = start.headers.get('location') ?? '';
      const relayState = new URL(location).searchParams.get('RelayState') ?? '';
      expect(relayState).toContain(next());
      const request = SamlTestIdp.readRequest(location);
      const acs = await form(`/sso/saml/${provider.id}/acs`, {
        SAMLResponse: idp.samlResponse({
          inResponseTo: request.id,
          email,
          audience: provider.service.entityID,
          destination: provider.service.acsURL,
        }),
        RelayState: relayState,
      });
      expect(acs.status).toBe(200);
      const page = await acs.text();
      expect(page).toContain('action="/app/login/sso"');
      return { page, nonceCookie: nonceCookie ?? '' };
    };

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      const space = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
        body: { title: 'Handbook' },
      });
      spaceId = (space.body as { id: string }).id;
      const tree = readTreeFromDisk(fixtureDir);
      expect(
        (await sendTree(server.http, spaceId, tree, { oid: commitOid(1), message: 'Docs' })).status,
      ).toBe(204);
    });
    afterAll(async () => {
      await server.close();
    });

    it('offers no SSO sign-in while the organization has no configured SAML provider', async () => {
      const pending = await server.http.request('POST', `/v1/orgs/${server.organizationId}/saml`, {
        body: { label: 'Not yet' },
      });
      expect(pending.status, pending.text).toBe(201);
      const login = await (
        await fetch(`${server.baseUrl}/app/login?next=${encodeURIComponent(next())}`)
      ).text();
      expect(login).toContain('API token');
      expect(login).not.toContain('/app/login/sso/');
    });

    it('signs a member in through the IdP and opens the page they asked for', async () => {
      const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/saml`, {
        body: { label: 'Test IdP', ...idp.providerSettings(), defaultRole: 'read' },
      });
      expect(created.status, created.text).toBe(201);
      provider = created.body as SamlProvider;
      const { page, nonceCookie } = await throughIdp('reviewer@example.com');
      expect(page).toContain('reviewer@example.com');
      const signedIn = await form(
        '/app/login/sso',
        { code: field(page, 'code'), nonce: field(page, 'nonce'), next: field(page, 'next') },
        nonceCookie,
      );
      expect(signedIn.status, await signedIn.clone().text()).toBe(303);
      expect(signedIn.headers.get('location')).toBe(next());
      const session = cookieOf(signedIn, 'docsync_app');
      expect(session).toMatch(/^docsync_app=dsk_/);
      const cleared = signedIn.headers.getSetCookie().find((c) => c.startsWith('docsync_app_sso='));
      expect(cleared).toContain('Max-Age=0');
      const review = await fetch(`${server.baseUrl}${next()}`, {
        headers: { cookie: session ?? '' },
        redirect: 'manual',
      });
      expect(review.status).toBe(200);
      expect(await review.text()).toContain('<h1>Install</h1>');
      // The code was used: posting it again signs nobody in.
      const again = await form(
        '/app/login/sso',
        { code: field(page, 'code'), nonce: field(page, 'nonce'), next: next() },
        nonceCookie,
      );
      expect(again.status).toBe(401);
      expect(again.headers.getSetCookie()).toEqual([]);
    });

    it('refuses a code posted from a browser that did not start the sign-in (login CSRF)', async () => {
      const { page, nonceCookie } = await throughIdp('second@example.com');
      const fields = { code: field(page, 'code'), nonce: field(page, 'nonce'), next: next() };
      const withoutCookie = await form('/app/login/sso', fields);
      expect(withoutCookie.status).toBe(400);
      expect(withoutCookie.headers.get('content-type')).toMatch(/^text\/html/);
      expect(withoutCookie.headers.getSetCookie()).toEqual([]);
      const otherNonce = await form(
        '/app/login/sso',
        fields,
        'docsync_app_sso=dsn_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      );
      expect(otherNonce.status).toBe(400);
      // The code was not used up by the refusals: the browser that started it still signs in.
      const mine = await form('/app/login/sso', fields, nonceCookie);
      expect(mine.status).toBe(303);
    });

    it('sends a reader back only to a page of the review view', async () => {
      const start = await fetch(
        `${server.baseUrl}/app/login/sso/${provider.id}?next=${encodeURIComponent('https://evil.example/')}`,
        { redirect: 'manual' },
      );
      const relayState = new URL(start.headers.get('location') ?? '').searchParams.get(
        'RelayState',
      );
      expect(relayState).toMatch(/^review:dsn_[\w-]+:\/app\/login$/);
      expect(
        (await fetch(`${server.baseUrl}/app/login/sso/nope`, { redirect: 'manual' })).status,
      ).toBe(404);
    });
  });
}
