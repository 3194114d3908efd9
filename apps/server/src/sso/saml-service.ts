import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { ConflictError } from '../errors.js';
import type { SamlProviderRow } from './saml-providers.js';
import { SAML_REQUEST_MINUTES, type SamlRequestStore } from './saml-request-store.js';
import type { ServiceUrls } from './service-urls.js';

/** The NameID format asked for: an e-mail address names the account. */
const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** A provider's service side: node-saml set up for it, and its request state. */
export interface SamlService {
  readonly saml: SAML;
  readonly requests: SamlRequestStore;
  /** The provider's IdP entity id: the `Issuer` its assertions must carry. */
  readonly idpEntityId: string;
}

/**
 * node-saml for one provider (409 while it is `pending`). Answers must be signed by the
 * provider's certificate (the whole response or the assertion), be addressed to this service
 * (audience: its entity id), be in time (a minute of clock skew) and answer an AuthnRequest
 * this service sent within {@link SAML_REQUEST_MINUTES} minutes: IdP-initiated logins are
 * refused, since nothing would tie them to a browser that asked.
 */
export function samlService(
  row: SamlProviderRow,
  urls: ServiceUrls,
  requests: SamlRequestStore,
): SamlService {
  if (row.sso_url === null || row.entity_id === null || row.certificate === null)
    throw new ConflictError(
      `The SAML provider \`${row.label}\` is pending: set its ssoURL, entityID and certificate first`,
    );
  const saml = new SAML({
    entryPoint: row.sso_url,
    issuer: urls.entityID,
    callbackUrl: urls.acsURL,
    idpCert: row.certificate,
    audience: urls.entityID,
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_MINUTES * 60_000,
    cacheProvider: requests,
    identifierFormat: EMAIL_NAME_ID,
    // IdPs that sign in with a second factor would refuse a request for password logins only.
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: 60_000,
    generateUniqueId: () => `_${randomBytes(20).toString('hex')}`,
  });
  return { saml, requests, idpEntityId: row.entity_id };
}

/** The service's SP metadata: entity id, ACS (HTTP-POST) and the NameID format it asks for. */
export function serviceMetadata(urls: ServiceUrls): string {
  const saml = new SAML({
    issuer: urls.entityID,
    callbackUrl: urls.acsURL,
    // Metadata needs no IdP certificate; node-saml requires the option to be present.
    idpCert: 'none',
    identifierFormat: EMAIL_NAME_ID,
    wantAssertionsSigned: true,
  });
  return saml.generateServiceProviderMetadata(null, null);
}
