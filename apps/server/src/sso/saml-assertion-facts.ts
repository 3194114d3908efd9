import type { Profile } from '@node-saml/node-saml';

/** What the service reads from an accepted assertion. */
export interface AssertionFacts {
  /** The assertion's `ID`, for replay protection. */
  readonly id: string;
  /** Until when the assertion could be accepted (its earliest `NotOnOrAfter`), or undefined. */
  readonly notOnOrAfter: string | undefined;
  /** The e-mail address it names, lower case, or undefined. */
  readonly email: string | undefined;
  /** A name for a new account, or undefined. */
  readonly name: string | undefined;
}

type Node = { $?: Record<string, string> } & Record<string, unknown>;

const first = (value: unknown): Node | undefined =>
  Array.isArray(value) ? (value[0] as Node | undefined) : undefined;

/** The first string of an attribute value (IdPs send one value or several). */
function text(value: unknown): string | undefined {
  const one: unknown = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' && one.trim() !== '' ? one.trim() : undefined;
}

/** Attribute names IdPs give the e-mail address under (Okta, Entra ID, Google, the OID). */
const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];

const NAME_ATTRIBUTES = [
  'displayName',
  'name',
  'http://schemas.microsoft.com/identity/claims/displayname',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
  'urn:oid:2.16.840.1.113730.3.1.241',
];

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** The facts of the assertion node-saml accepted (its parsed, signature-checked XML). */
export function assertionFacts(profile: Profile): AssertionFacts {
  const parsed = profile.getAssertion?.() as { Assertion?: Node } | undefined;
  const assertion = parsed?.Assertion;
  const id = assertion?.$?.['ID'] ?? '';
  const limits = [
    first(assertion?.['Conditions'])?.$?.['NotOnOrAfter'],
    ...((first(assertion?.['Subject'])?.['SubjectConfirmation'] as Node[] | undefined) ?? []).map(
      (confirmation) => first(confirmation['SubjectConfirmationData'])?.$?.['NotOnOrAfter'],
    ),
  ].filter((limit): limit is string => limit !== undefined && !Number.isNaN(Date.parse(limit)));
  const notOnOrAfter = limits
    .map((limit) => new Date(limit).toISOString())
    .sort()
    .at(0);
  const byAttribute = EMAIL_ATTRIBUTES.map((name) => text(profile[name])).find(Boolean);
  const candidate = byAttribute ?? (profile.nameID.includes('@') ? profile.nameID : undefined);
  const email =
    candidate !== undefined && EMAIL.test(candidate) ? candidate.toLowerCase() : undefined;
  const given = text(profile['givenName'] ?? profile['firstName']);
  const family = text(profile['sn'] ?? profile['surname'] ?? profile['lastName']);
  const name =
    NAME_ATTRIBUTES.map((attribute) => text(profile[attribute])).find(Boolean) ??
    (given === undefined ? undefined : [given, family].filter(Boolean).join(' '));
  return { id, notOnOrAfter, email, name };
}
