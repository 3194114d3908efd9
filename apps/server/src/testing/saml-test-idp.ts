import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

/** Which part of the answer the test IdP signs. */
export type SignedPart = 'assertion' | 'response' | 'none';

/** What one answer of the test IdP says; every field has a sound default. */
export interface SamlAnswer {
  /** The AuthnRequest's ID (`InResponseTo`); default: none. */
  inResponseTo?: string;
  /** Whether the assertion's SubjectConfirmationData repeats `InResponseTo`. Default true. */
  confirmInResponseTo?: boolean;
  email: string;
  /** Extra attributes (name → value). */
  attributes?: Readonly<Record<string, string>>;
  /** The assertion's audience (the service's entity id). */
  audience: string;
  /** Where it is posted (the service's ACS URL). */
  destination: string;
  /** Default: now − 1 minute. */
  notBefore?: Date;
  /** Default: now + 5 minutes. */
  notOnOrAfter?: Date;
  /** Default: a new random id. */
  assertionId?: string;
  /** Default `assertion`. */
  sign?: SignedPart;
  /** Default: the IdP's entity id. */
  issuer?: string;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[char] ?? ''};`,
  );

const samlId = () => `_${randomBytes(16).toString('hex')}`;

/**
 * A SAML identity provider for tests: a fresh RSA key with a self-signed certificate (made with
 * node-forge), answers written as an IdP writes them and signed with xml-crypto. It stands in
 * for Okta or Entra ID, which cannot run here.
 */
export class SamlTestIdp {
  /** The IdP's entity id. */
  readonly entityId: string;
  /** Where the IdP takes AuthnRequests (never contacted: tests read the redirect). */
  readonly ssoUrl: string;
  /** The self-signed certificate, PEM. */
  readonly certificate: string;
  readonly #privateKey: string;

  constructor(name = 'test-idp') {
    this.entityId = `https://idp.example.com/${name}`;
    this.ssoUrl = `https://idp.example.com/${name}/sso`;
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.#privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const cert = forge.pki.createCertificate();
    cert.publicKey = forge.pki.publicKeyFromPem(
      keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    );
    cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
    cert.validity.notBefore = new Date(Date.now() - 24 * 60 * 60_000);
    cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 60 * 60_000);
    const subject = [{ name: 'commonName', value: name }];
    cert.setSubject(subject);
    cert.setIssuer(subject);
    cert.sign(forge.pki.privateKeyFromPem(this.#privateKey), forge.md.sha256.create());
    this.certificate = forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n');
  }

  /** The settings a SAML provider takes from this IdP (`POST …/saml` or `PATCH`). */
  providerSettings(): { entityID: string; ssoURL: string; certificate: string } {
    return { entityID: this.entityId, ssoURL: this.ssoUrl, certificate: this.certificate };
  }

  /** The AuthnRequest a start URL's redirect carries (HTTP-Redirect binding: deflated, base64). */
  static readRequest(location: string): { id: string; xml: string; relayState: string | null } {
    const url = new URL(location);
    const encoded = url.searchParams.get('SAMLRequest');
    if (encoded === null) throw new Error(`no SAMLRequest in \`${location}\``);
    const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const id = /\sID="([^"]+)"/.exec(xml)?.[1];
    if (id === undefined) throw new Error('the AuthnRequest has no ID');
    return { id, xml, relayState: url.searchParams.get('RelayState') };
  }

  /** A `<samlp:Response>` as XML, signed as `answer.sign` says. */
  responseXml(answer: SamlAnswer): string {
    const now = new Date();
    const notBefore = (answer.notBefore ?? new Date(now.getTime() - 60_000)).toISOString();
    const notOnOrAfter = (
      answer.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)
    ).toISOString();
    const issuer = escape(answer.issuer ?? this.entityId);
    const inResponseTo =
      answer.inResponseTo === undefined ? '' : ` InResponseTo="${escape(answer.inResponseTo)}"`;
    const confirmation = answer.confirmInResponseTo === false ? '' : inResponseTo;
    const attributes = Object.entries({ email: answer.email, ...answer.attributes })
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${escape(name)}"><saml:AttributeValue>${escape(value)}</saml:AttributeValue></saml:Attribute>`,
      )
      .join('');
    const assertionId = answer.assertionId ?? samlId();
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}">` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(answer.email)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${confirmation} NotOnOrAfter="${notOnOrAfter}" Recipient="${escape(answer.destination)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escape(answer.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${samlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
      `</saml:Assertion>`;
    const sign = answer.sign ?? 'assertion';
    const signedAssertion = sign === 'assertion' ? this.#sign(assertion, 'Assertion') : assertion;
    const response =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${samlId()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${escape(answer.destination)}"${inResponseTo}>` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      signedAssertion +
      `</samlp:Response>`;
    return sign === 'response' ? this.#sign(response, 'Response') : response;
  }

  /** The form field an IdP posts: the response, base64. */
  samlResponse(answer: SamlAnswer): string {
    return Buffer.from(this.responseXml(answer), 'utf8').toString('base64');
  }

  /** `xml` with an enveloped RSA-SHA256 signature of its root `element`, after its Issuer. */
  #sign(xml: string, element: 'Assertion' | 'Response'): string {
    const signer = new SignedXml({
      privateKey: this.#privateKey,
      publicCert: this.certificate,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    const root = `/*[local-name(.)='${element}']`;
    signer.addReference({
      xpath: root,
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
    });
    signer.computeSignature(xml, {
      prefix: 'ds',
      location: { reference: `${root}/*[local-name(.)='Issuer']`, action: 'after' },
    });
    return signer.getSignedXml();
  }
}
