import { expect } from 'vitest';
import { SamlTestIdp } from './saml-test-idp.js';

/** A provider's service URLs, as its API resource gives them under `service`. */
export interface SamlServiceUrls {
  readonly entityID: string;
  readonly acsURL: string;
  readonly startURL: string;
}

/** What the ACS answered a browser: the status, the page (or error), the one-time code shown. */
export interface AcsAnswer {
  readonly status: number;
  readonly text: string;
  readonly code?: string;
}

/** Opens a start URL as a browser does; the AuthnRequest it redirects to the IdP with. */
export async function startSamlLogin(
  startUrl: string,
): Promise<{ id: string; xml: string; location: string }> {
  const response = await fetch(startUrl, { redirect: 'manual' });
  expect(response.status, await response.clone().text()).toBe(302);
  const location = response.headers.get('location') ?? '';
  return { ...SamlTestIdp.readRequest(location), location };
}

/** Posts an IdP's answer to an ACS URL, as the IdP's auto-submitting form does. */
export async function postSamlResponse(acsUrl: string, samlResponse: string): Promise<AcsAnswer> {
  const response = await fetch(acsUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
  const text = await response.text();
  const code = /<pre id="code">([^<]+)<\/pre>/.exec(text)?.[1];
  return { status: response.status, text, ...(code === undefined ? {} : { code }) };
}

/** Signs in as `email` through `idp` and the provider's service URLs; the one-time code shown. */
export async function samlSignIn(
  idp: SamlTestIdp,
  service: SamlServiceUrls,
  email: string,
): Promise<string> {
  const request = await startSamlLogin(service.startURL);
  const answer = await postSamlResponse(
    service.acsURL,
    idp.samlResponse({
      inResponseTo: request.id,
      email,
      audience: service.entityID,
      destination: service.acsURL,
    }),
  );
  if (answer.code === undefined)
    throw new Error(
      `the SAML sign-in showed no code (HTTP ${String(answer.status)}): ${answer.text}`,
    );
  return answer.code;
}
