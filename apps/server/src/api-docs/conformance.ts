/**
 * What the conformance suite (test/e2e/conformance.test.ts) knows about each implemented
 * operation against GitBook's official client (`@gitbook/api@0.146.0`): the operations whose
 * response still fails the client's schema, and where the API
 * description and the client's schemas disagree (the description wins). The suite fails when an
 * entry is stale; docs/api.md shows them per operation (`npm run docs:api -w @docsync/server`).
 */

/** Operations whose case runs but whose response fails the client's schema, and why. */
export const knownNonConformant: Readonly<Record<string, string>> = {};

/** Operations whose documented 404 for an unknown id is answered otherwise, and why. */
export const knownErrorMisses: Readonly<Record<string, string>> = {};

/** A disagreement between the API description and the client's schemas, and what docsync does. */
export interface DescriptionWins {
  readonly what: string;
  readonly description: string;
  readonly client: string;
  readonly docsync: string;
}

/** Where the API description and the client's schemas disagree: the description wins. */
export const descriptionWins: readonly DescriptionWins[] = [
  {
    what: 'OpenAPI spec `slug` pattern',
    description: '`^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$` (capitals allowed)',
    client: 'lowercase letters and digits only',
    docsync: 'accepts the description’s pattern (every slug the client sends is one of them)',
  },
  {
    what: '`PUT …/openapi/{specSlug}` and `DELETE …/openapi/{specSlug}` statuses',
    description:
      'PUT answers 200 whether it creates or updates; DELETE answers 204, also when absent',
    client: 'PUT 201 when it creates; DELETE 205 when it deleted, 204 when there was nothing',
    docsync: 'answers as the description says: 200 and 204, which the client documents too',
  },
  {
    what: 'SAML provider `ssoURL`, `entityID`, `certificate`',
    description:
      'fields of a provider, which is `pending` until fully configured (creating one takes a label alone)',
    client: 'always present',
    docsync:
      'leaves each out until it is set (a pending provider has none to show); an active provider has all three',
  },
  {
    what: 'Organization `defaultContent`',
    description: 'a site pointer, or null',
    client: 'a site pointer only (not nullable)',
    docsync:
      'leaves the field out when there is none (both read that alike); PATCH still takes null to clear it',
  },
  {
    what: 'Organization `trial.status`, `trial.decision`',
    description: 'open values, shown by example only',
    client: 'closed enums',
    docsync: 'keeps the schema open and answers `notapplicable` (a word of both)',
  },
  {
    what: 'Site `features[].id`, `plan`',
    description: 'open values, shown by example only',
    client: 'closed enums',
    docsync: 'keeps the schema open and answers only words of the client’s lists',
  },
];
