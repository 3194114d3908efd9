/** Where the service side of a SAML provider lives: what the IdP is configured with. */
export interface ServiceUrls {
  /** The service's entity id, which is also where its metadata is (`…/metadata`). */
  readonly entityID: string;
  /** The assertion consumer service: the IdP posts its answer here (HTTP-POST binding). */
  readonly acsURL: string;
  /** Opens a login: redirects the browser to the IdP with an AuthnRequest. */
  readonly startURL: string;
}

/** The browser-facing routes of a provider, with `{samlProviderId}` (see saml-service-routes.ts). */
export const SAML_SERVICE_PATH = '/sso/saml/{samlProviderId}';

/** The service URLs of provider `providerId` under the service's public base URL. */
export function serviceUrls(baseUrl: string, providerId: string): ServiceUrls {
  const base = `${baseUrl}${SAML_SERVICE_PATH.replace('{samlProviderId}', encodeURIComponent(providerId))}`;
  return { entityID: `${base}/metadata`, acsURL: `${base}/acs`, startURL: `${base}/start` };
}
