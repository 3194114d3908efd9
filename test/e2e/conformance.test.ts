/**
 * Conformance through GitBook's official client, `@gitbook/api@0.146.0` (a pinned test
 * dependency, never shipped): every operation docsync implements is called through the client
 * (matched to the client's operation by method and path, as the API description names some
 * operations otherwise) against a real server (SQLite, and PostgreSQL where DATABASE_URL is set), and its response is
 * validated with ajv against that operation's response schema in the client's bundled
 * `spec/openapi.json` (read from node_modules at test time; nothing of it is copied). docsync's
 * extensions, absent from the client's document, are called through the client's generic
 * `request` and validated against docsync's own openapi.json.
 *
 * How the OpenAPI 3.0 document is read as JSON Schema (test/support/gitbook-schemas.ts):
 * - `nullable: true` means "the schema, or null" (`anyOf: [schema, {type: 'null'}]`).
 * - The `Document` schema's "Empty" branch (`additionalProperties: false`, no properties) cannot
 *   hold inside an `allOf` that adds properties, so it is read as "has neither `markdown` nor
 *   `document`".
 *
 * Errors: every documented 4xx answers `{error: {code, message}}`.
 *
 * Coverage: a test fails when a registered operation has no case here, or a case names an
 * operation the server does not register. A case whose response does not conform must be listed,
 * with the reason, in `knownNonConformant` (apps/server/src/api-docs/conformance.ts, so docs/api.md
 * shows it per operation), and a stale entry there fails too.
 */
import { createHash } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { GitBookAPI } from '@gitbook/api';
import { routesById } from '@docsync/api';
import { implementedOperationIds, knownErrorMisses, knownNonConformant } from '@docsync/server';
import {
  commitOid,
  SamlTestIdp,
  samlSignIn,
  seedMember,
  seedUser,
  sendTree,
  startTestServer,
  testDialects,
  textBlob,
  type SamlServiceUrls,
  type TestServer,
  waitForAnalysis,
} from '@docsync/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../support/gitbook-schemas.ts';

type Fixture = Record<string, string | undefined>;
interface Case {
  /** Path parameters beyond the fixture's (which are looked up by name). */
  readonly params?: Record<string, string>;
  readonly query?: Record<string, unknown>;
  readonly body?: unknown;
  /** Call as the organization's reviewer (a second member) instead of its admin. */
  readonly asReviewer?: boolean;
  /** Ids the response holds that later cases use, added to the fixture. */
  readonly keep?: (body: Body, fixture: Fixture) => Fixture;
}
/** What cases read from a response to pick ids (its shape is what the schemas check). */
interface Body {
  readonly id: string;
  readonly items: readonly { readonly id: string; readonly section?: string }[];
}
type CaseOf = (fixture: Fixture) => Case;

/** Operations that create what their last path parameter names: no unknown id to probe. */
const CREATES_BY_NAME: ReadonlySet<string> = new Set(['publishIntegration']);
/**
 * The client as the suite uses it: its operations (grouped as `api.spaces.getSpaceById(…)`) are
 * looked up by operationId, and `request` calls docsync's extensions. The package's declarations
 * import './client' without an extension, which NodeNext resolution does not follow, so the
 * generated class's members are not visible to TypeScript: name the one the suite calls.
 */
type Client = GitBookAPI & {
  request(params: {
    path: string;
    method: string;
    secure?: boolean;
    query?: Record<string, unknown>;
    body?: unknown;
    type?: string;
  }): Promise<Response>;
};

/** The space's content, imported from git before the cases run. */
const tree = [
  textBlob(
    'README.md',
    '# Welcome\n\n![Logo](.gitbook/assets/logo.svg)\n\nStart with the [guide](guide.md).\n',
  ),
  textBlob('.gitbook/assets/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>\n'),
  textBlob(
    'guide.md',
    '# Guide\n\nInstall, then run `docsync`.\n\n{% include ".gitbook/includes/support.md" %}\n',
  ),
  textBlob(
    '.gitbook/includes/support.md',
    '---\ntitle: Support\n---\n\nStuck? Write to support@example.com.\n',
  ),
  // The computed entry expands into pages generated from the `petstore` spec the cases publish:
  // the content reads answer them in the shape of GitBook's generated pages.
  textBlob(
    'SUMMARY.md',
    [
      '# Table of contents',
      '',
      '* [Welcome](README.md)',
      '* [Guide](guide.md)',
      '* ```yaml',
      '  type: builtin:openapi',
      '  props:',
      '    models: false',
      '  dependencies:',
      '    spec:',
      '      ref:',
      '        kind: openapi',
      '        spec: petstore',
      '  ```',
      '',
    ].join('\n'),
  ),
];

const faq = textBlob('faq.md', '# FAQ\n\nAsk in the forum.\n');

const markdown = (text: string) => ({ body: { markdown: text } });

/** A document of one paragraph (instructions). */
const paragraphDocument = (text: string) => ({
  object: 'document',
  data: {},
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
    },
  ],
});

/** The OpenAPI spec the cases publish. */
const petstore = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Petstore', version: '1.0.0' },
  paths: { '/pets': { get: { responses: { '200': { description: 'The pets' } } } } },
});

/**
 * One case per operation, run in this order (creations before reads, removals last). Path
 * parameters default to the fixture's value of the same name.
 */
const cases: Record<string, CaseOf> = {
  // The caller, organizations, members, teams.
  getAuthenticatedUser: () => ({}),
  listOrganizationsForAuthenticatedUser: () => ({}),
  getOrganizationById: () => ({}),
  updateOrganizationById: () => ({ body: { title: 'Acme docs', inviteLinks: true } }),
  createOrganization: () => ({ body: { title: 'Acme labs' } }),
  // Invites and tokens.
  inviteUsersToOrganization: () => ({ body: { emails: ['newcomer@example.com'], role: 'read' } }),
  createOrganizationInvite: () => ({
    body: { role: 'read' },
    keep: (body) => ({ inviteId: body.id, inviteCode: (body as unknown as { code: string }).code }),
  }),
  listOrganizationInviteLinks: () => ({}),
  getOrganizationInviteLink: () => ({}),
  updateOrganizationInviteById: () => ({ body: { role: 'edit' } }),
  joinOrganizationWithInvite: (f) => ({
    params: { inviteId: f['inviteCode'] ?? '' },
    asReviewer: true,
  }),
  joinOrganization: (f) => ({
    params: { organizationId: f['otherOrganizationId'] ?? '' },
    asReviewer: true,
  }),
  createApiToken: () => ({ body: { name: 'CI' }, keep: (body) => ({ tokenId: body.id }) }),
  listApiTokens: () => ({}),
  pingOrganization: () => ({}),
  listOrganizationsForEmailDomain: () => ({ params: { emailDomain: 'example.com' } }),
  listOrganizationMembers: () => ({}),
  getOrganizationMemberById: () => ({}),
  updateOrganizationMemberById: () => ({ body: { role: 'admin' } }),
  markOrganizationMemberAsSso: () => ({}),
  listOrganizationMemberSpaces: () => ({}),
  listOrganizationMemberTeams: () => ({}),
  createOrganizationTeam: () => ({
    body: { title: 'Writers' },
    keep: (body) => ({ teamId: body.id }),
  }),
  listOrganizationTeams: () => ({}),
  getOrganizationTeamById: () => ({}),
  updateOrganizationTeamById: () => ({ body: { title: 'Technical writers' } }),
  // SAML and SSO.
  createOrganizationSAMLProvider: (f) => ({
    body: {
      label: 'Okta',
      ...idp.providerSettings(),
      defaultTeam: f['teamId'],
      defaultRole: 'read',
    },
    keep: (body) => ({ samlProviderId: body.id }),
  }),
  listSAMLProvidersInOrganizationById: () => ({}),
  getOrganizationSAMLProviderById: () => ({}),
  updateOrganizationSAMLProvider: () => ({ body: { label: 'Okta (EU)', defaultRole: 'edit' } }),
  listSSOProviderLoginsInOrganization: () => ({}),
  exchangeSsoLoginCode: (f) => ({ body: { code: f['ssoCode'] } }),
  // OpenAPI specs (\`petstore\` is published and processed before the cases run).
  createOpenAPISpec: () => ({ body: { slug: 'petstore-copy', source: { text: petstore } } }),
  listOpenAPISpecs: () => ({}),
  getOpenAPISpecBySlug: () => ({}),
  listOpenAPISpecVersions: () => ({ keep: (body) => ({ versionId: body.items[0]?.id }) }),
  getLatestOpenAPISpecVersion: () => ({}),
  getLatestOpenAPISpecVersionContent: () => ({}),
  getOpenAPISpecVersionById: () => ({}),
  getOpenAPISpecVersionContentById: () => ({}),
  updateOpenAPISpecBySlug: () => ({ body: { visibility: 'public' } }),
  createOrUpdateOpenAPISpecBySlug: () => ({ body: { source: { text: petstore } } }),
  // Translations (the first run goes on in the background; the cases read it as it is).
  createTranslation: (f) => ({
    body: { language: 'fr', source: { space: f['spaceId'], language: 'en' } },
    keep: (body) => ({ translationId: body.id }),
  }),
  listTranslations: () => ({}),
  getTranslationById: () => ({}),
  updateTranslationById: () => ({ body: { instructions: paragraphDocument('Be brief.') } }),
  runTranslation: () => ({}),
  // Conversations (\`ticket-1\` is ingested and analysed into an issue before the cases run).
  ingestConversation: () => ({
    body: [
      {
        id: 'ticket-2',
        subject: 'Dark mode',
        parts: [{ type: 'message', role: 'user', body: 'Is there a dark mode schedule?' }],
        metadata: { url: 'https://desk.example.com/t/2', createdAt: '2024-12-30T10:00:00.000Z' },
      },
    ],
  }),
  listConversations: () => ({ keep: (body) => ({ conversationId: body.items[0]?.id }) }),
  getConversationById: () => ({}),
  listConversationIssues: () => ({
    keep: (body) => ({
      issueId: (body.items[0] as unknown as { issue: { id: string } } | undefined)?.issue.id,
    }),
  }),
  getConversationIssueById: () => ({}),
  listIssuesClusters: () => ({}),
  // Integrations: published, installed (which queues an event), read, unpublished.
  publishIntegration: (f) => ({
    params: { integrationName: 'hello' },
    body: {
      runtime: 'v2',
      title: 'Hello',
      description: '',
      scopes: ['space:content:read'],
      organization: f['organizationId'],
      script: 'export default {};',
      visibility: 'public',
      contentSecurityPolicy: { 'script-src': "'self'" },
    },
    keep: () => ({ integrationName: 'hello' }),
  }),
  listIntegrations: () => ({}),
  getIntegrationByName: () => ({}),
  installIntegration: (f) => ({
    body: { organization: f['organizationId'] },
    keep: (body) => ({ installationId: body.id }),
  }),
  listIntegrationInstallations: () => ({}),
  getIntegrationInstallationById: () => ({}),
  updateIntegrationInstallation: () => ({
    body: { configuration: { channel: '#docs' }, space_selection: 'selected' },
  }),
  installIntegrationOnSpace: (f) => ({ body: { space: f['spaceId'] } }),
  listIntegrationInstallationSpaces: () => ({ query: { extended: true } }),
  getIntegrationSpaceInstallation: () => ({}),
  updateIntegrationSpaceInstallation: () => ({ body: { externalIds: ['channel-7'] } }),
  uninstallIntegrationFromSpace: () => ({}),
  installIntegrationOnSite: (f) => ({ body: { site: f['siteId'] } }),
  listIntegrationInstallationSites: () => ({}),
  getIntegrationSiteInstallation: () => ({ query: { extended: true } }),
  updateIntegrationSiteInstallation: () => ({ body: { configuration: { tracking: true } } }),
  uninstallIntegrationFromSite: () => ({}),
  listIntegrationSpaceInstallations: () => ({ query: { extended: true } }),
  listIntegrationSiteInstallations: () => ({ query: { extended: true } }),
  listIntegrationEvents: () => ({ keep: (body) => ({ eventId: body.items[0]?.id }) }),
  getIntegrationEvent: () => ({}),
  setIntegrationDevMode: () => ({ body: { tunnelUrl: 'https://tunnel.example.com' } }),
  disableIntegrationDevMode: () => ({}),
  getIntegrationSigningSecret: () => ({}),
  unpublishIntegration: () => ({}),
  searchOrganizationContent: () => ({ query: { query: 'welcome' } }),
  getOrganizationAgentInstructions: () => ({}),
  updateOrganizationAgentInstructions: () => ({
    body: { instructions: paragraphDocument('Answer briefly.') },
  }),
  // Collections and spaces.
  createCollection: () => ({
    body: { title: 'Archive' },
    keep: (body) => ({ archiveCollectionId: body.id }),
  }),
  listCollections: () => ({}),
  getCollectionById: () => ({}),
  updateCollectionById: () => ({ body: { title: 'Handbooks' } }),
  moveCollection: (f) => ({
    params: { collectionId: f['archiveCollectionId'] ?? '' },
    body: { parent: f['collectionId'] },
  }),
  listSpacesInCollectionById: () => ({}),
  createSpace: () => ({
    body: { title: 'Changelog' },
    keep: (body) => ({ otherSpaceId: body.id }),
  }),
  listSpacesInOrganization: () => ({}),
  getSpaceById: () => ({}),
  updateSpaceById: () => ({ body: { title: 'User guide' } }),
  moveSpace: (f) => ({
    params: { spaceId: f['otherSpaceId'] ?? '' },
    body: { parent: f['collectionId'] },
  }),
  duplicateSpace: () => ({ keep: (body) => ({ duplicateSpaceId: body.id }) }),
  applySpaceTemplate: (f) => ({
    params: { spaceId: f['otherSpaceId'] ?? '' },
    body: { id: 'changelog' },
  }),
  listSpaceLinks: () => ({}),
  // Space content.
  searchSpaceContent: () => ({ query: { query: 'welcome' } }),
  getCurrentRevision: () => ({
    keep: (body) => ({
      revisionId: body.id,
      reusableContentId: (body as unknown as { reusableContents: { id: string }[] })
        .reusableContents[0]?.id,
    }),
  }),
  getRevisionById: () => ({}),
  getReusableContentById: () => ({}),
  getReusableContentInRevisionById: () => ({}),
  getReusableContentDocumentInRevisionById: () => ({}),
  listPages: () => ({}),
  getPageById: () => ({}),
  listPageLinks: () => ({}),
  listFiles: () => ({ keep: (body) => ({ fileId: body.items[0]?.id }) }),
  getFileById: () => ({}),
  listFileBacklinks: () => ({}),
  // Git sync (docsync's extensions).
  getGitInfo: () => ({}),
  findMissingGitBlobs: () => ({ body: { oids: [textBlob('x.md', 'Missing\n').oid] } }),
  uploadGitBlobs: () => {
    const blob = faq;
    return {
      body: { blobs: [{ oid: blob.oid, base64: Buffer.from(blob.bytes).toString('base64') }] },
    };
  },
  listGitSyncPoints: () => ({}),
  recordGitSyncPoint: (f) => ({
    body: { commit: { oid: commitOid(1), message: 'Initial docs' }, revision: f['revisionId'] },
  }),
  getGitTree: () => ({}),
  importGitRepository: () => ({
    body: {
      tree: [...tree, faq].map(({ path, oid }) => ({ path, oid })),
      commit: { oid: commitOid(2), message: 'Add the FAQ' },
    },
  }),
  getGitTreePages: (f) => ({ body: { pages: [f['pageId']] } }),
  getGitTreeFiles: () => ({ body: { paths: ['README.md'] } }),
  // Sites.
  createSite: () => ({ body: { title: 'Handbook' }, keep: (body) => ({ otherSiteId: body.id }) }),
  listSites: () => ({}),
  getSiteById: () => ({}),
  updateSiteById: () => ({ body: { title: 'Docs' } }),
  addSiteSection: (f) => ({
    body: { spaceId: f['spaceId'], title: 'Guides' },
    keep: (body) => ({ siteSectionId: body.id }),
  }),
  addSiteSpace: (f) => ({
    body: { spaceId: f['otherSpaceId'], sectionId: f['siteSectionId'] },
    keep: (body) => ({ addedSiteSpaceId: body.id }),
  }),
  listSiteSections: () => ({
    keep: (body, f) => ({
      firstSiteSectionId: body.items.find((item) => item.id !== f['siteSectionId'])?.id,
    }),
  }),
  moveSiteSection: (f) => ({
    body: { position: { before: { type: 'site-section', siteSection: f['firstSiteSectionId'] } } },
  }),
  updateSiteSection: () => ({ body: { title: 'User guides' } }),
  listSiteSpaces: () => ({
    keep: (body, f) => ({
      siteSpaceId: body.items[0]?.id,
      siblingSiteSpaceId: body.items.find(
        (item) => item.section === f['siteSectionId'] && item.id !== f['addedSiteSpaceId'],
      )?.id,
    }),
  }),
  updateSiteSpace: () => ({ body: { path: 'guides' } }),
  moveSiteSpace: (f) => ({
    params: { siteSpaceId: f['addedSiteSpaceId'] ?? '' },
    body: { position: { before: { type: 'site-space', siteSpace: f['siblingSiteSpaceId'] } } },
  }),
  addSiteSectionGroup: () => ({
    body: { title: 'Products' },
    keep: (body) => ({ siteSectionGroupId: body.id }),
  }),
  listSiteSectionGroups: () => ({}),
  updateSiteSectionGroup: () => ({ body: { title: 'Our products' } }),
  moveSiteSectionGroup: (f) => ({
    body: { position: { after: { type: 'site-section', id: f['firstSiteSectionId'] } } },
  }),
  addSiteSectionToGroup: (f) => ({ body: { sectionId: f['siteSectionId'] } }),
  getSiteStructure: () => ({}),
  sortSiteStructure: (f) => ({
    body: { item: { type: 'site-section-group', id: f['siteSectionGroupId'] }, position: 0 },
  }),
  getSiteAdaptiveSchema: () => ({}),
  updateSiteAdaptiveSchema: () => ({
    body: {
      jsonSchema: {
        type: 'object',
        properties: {
          isBetaUser: { type: 'boolean', description: 'Signed up for the beta' },
          unsigned: {
            type: 'object',
            description: 'Unsigned claims of the site visitor.',
            properties: {
              prefersDarkMode: { type: 'boolean', description: 'Reads in dark mode' },
            },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    },
  }),
  getSiteAdaptiveSchemaTemplateConditions: () => ({}),
  getSitePublishingAuth: () => ({}),
  getPublishedContentSite: () => ({}),
  // Change requests.
  createChangeRequest: () => ({
    body: { subject: 'Document the CLI' },
    keep: (body) => ({ otherChangeRequestId: body.id }),
  }),
  listChangeRequestsForSpace: () => ({}),
  getChangeRequestById: () => ({}),
  updateChangeRequestById: () => ({ body: { subject: 'Rewrite the welcome page' } }),
  listChangeRequestsInOrganization: () => ({}),
  applyChangeRequestContentChanges: (f) => ({
    body: {
      changes: [
        {
          type: 'insert_page',
          ref: 'troubleshooting',
          title: 'Troubleshooting',
          document: { markdown: '# Troubleshooting\n\nRestart the daemon, then sync again.\n' },
        },
        { type: 'update_page', page: f['pageId'], title: 'Welcome aboard' },
      ],
    },
  }),
  getChangeRequestRevision: () => ({}),
  getReusableContentInChangeRequestById: () => ({}),
  listChangeRequestPages: () => ({}),
  listChangeRequestFiles: () => ({}),
  getChangeRequestPageById: () => ({}),
  listChangeRequestPageLinks: () => ({}),
  getChangeRequestFileById: () => ({}),
  listChangeRequestFileBacklinks: () => ({}),
  requestChangeRequestReviewers: (f) => ({ body: { users: [f['reviewerId']] } }),
  listRequestedReviewers: () => ({}),
  removeRequestedReviewer: (f) => ({ params: { userId: f['reviewerId'] ?? '' } }),
  updateChangeRequestFromMain: () => ({}),
  getChangeRequestPdf: () => ({}),
  // Comments.
  postCommentInSpace: (f) => ({
    body: { ...markdown('Should this mention Windows?'), page: f['pageId'] },
    keep: (body) => ({ commentId: body.id }),
  }),
  listCommentsInSpace: () => ({}),
  getCommentInSpace: () => ({}),
  updateCommentInSpace: () => ({ body: { resolved: true } }),
  postCommentReplyInSpace: () => ({
    body: markdown('Yes, and macOS.'),
    keep: (body) => ({ commentReplyId: body.id }),
  }),
  listCommentRepliesInSpace: () => ({}),
  getCommentReplyInSpace: () => ({}),
  updateCommentReplyInSpace: () => ({ body: markdown('Yes, and macOS too.') }),
  listSpaceCommenters: () => ({}),
  deleteCommentReplyInSpace: () => ({}),
  deleteCommentInSpace: () => ({}),
  postCommentInChangeRequest: () => ({
    body: markdown('Typo in the title.'),
    keep: (body) => ({ crCommentId: body.id }),
  }),
  listCommentsInChangeRequest: () => ({}),
  getCommentInChangeRequest: (f) => ({ params: { commentId: f['crCommentId'] ?? '' } }),
  updateCommentInChangeRequest: (f) => ({
    params: { commentId: f['crCommentId'] ?? '' },
    body: markdown('Typo in the page title.'),
  }),
  postCommentReplyInChangeRequest: (f) => ({
    params: { commentId: f['crCommentId'] ?? '' },
    body: markdown('Fixed.'),
    keep: (body) => ({ crCommentReplyId: body.id }),
  }),
  listCommentRepliesInChangeRequest: (f) => ({ params: { commentId: f['crCommentId'] ?? '' } }),
  getCommentReplyInChangeRequest: (f) => ({
    params: { commentId: f['crCommentId'] ?? '', commentReplyId: f['crCommentReplyId'] ?? '' },
  }),
  updateCommentReplyInChangeRequest: (f) => ({
    params: { commentId: f['crCommentId'] ?? '', commentReplyId: f['crCommentReplyId'] ?? '' },
    body: markdown('Fixed, thanks.'),
  }),
  listChangeRequestCommenters: () => ({}),
  deleteCommentReplyInChangeRequest: (f) => ({
    params: { commentId: f['crCommentId'] ?? '', commentReplyId: f['crCommentReplyId'] ?? '' },
  }),
  deleteCommentInChangeRequest: (f) => ({ params: { commentId: f['crCommentId'] ?? '' } }),
  reviewChangeRequest: () => ({
    body: { status: 'approved' },
    asReviewer: true,
    keep: (body) => ({ reviewId: body.id }),
  }),
  getChangeRequestReviewById: () => ({}),
  listChangeRequestReviews: () => ({}),
  mergeChangeRequest: () => ({}),
  // Transfers to the second organization.
  transferSpace: (f) => ({
    params: { spaceId: f['movingSpaceId'] ?? '' },
    body: { organization: f['otherOrganizationId'] },
  }),
  transferCollection: (f) => ({
    params: { collectionId: f['movingCollectionId'] ?? '' },
    body: { organization: f['otherOrganizationId'] },
  }),
  // Removals last.
  deleteOrganizationInviteById: () => ({}),
  deleteApiToken: () => ({}),
  removeSiteSectionFromGroup: () => ({}),
  deleteSiteSectionGroup: () => ({}),
  deleteSiteSpace: () => ({}),
  deleteSiteSection: () => ({}),
  deleteSiteById: (f) => ({ params: { siteId: f['otherSiteId'] ?? '' } }),
  deleteOrganizationSAMLProvider: () => ({}),
  deleteOpenAPISpecBySlug: () => ({ params: { specSlug: 'petstore-copy' } }),
  deleteTranslationById: () => ({}),
  deleteOrganizationTeamById: () => ({}),
  deleteSpaceById: (f) => ({ params: { spaceId: f['duplicateSpaceId'] ?? '' } }),
  restoreSpace: (f) => ({ params: { spaceId: f['duplicateSpaceId'] ?? '' } }),
  deleteCollectionById: (f) => ({ params: { collectionId: f['archiveCollectionId'] ?? '' } }),
  removeOrganizationMemberById: (f) => ({ params: { userId: f['reviewerId'] ?? '' } }),
};

/** The identity provider the SAML cases configure, and whose sign-in makes the SSO code. */
const idp = new SamlTestIdp('conformance');

/** Signs in through `idp` (on a provider of its own); the one-time code the page shows. */
async function ssoCodeFrom(server: TestServer): Promise<string> {
  const created = await server.http.request('POST', `/v1/orgs/${server.organizationId}/saml`, {
    body: { label: 'Sign-in', ...idp.providerSettings() },
  });
  return samlSignIn(idp, (created.body as { service: SamlServiceUrls }).service, 'sso@example.com');
}

function hashOf(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`conformance through @gitbook/api (${dialect})`, () => {
    const schemas = loadSchemas();
    let server: TestServer;
    let admin: Client;
    let reviewer: Client;
    const recorded: { response?: Response | undefined } = {};
    /** The last response the client received (read through a call, which TypeScript cannot narrow). */
    const lastResponse = (): Response | undefined => recorded.response;
    const fixture: Fixture = {};

    /** Calls an operation through the client; answers the status and the JSON body. */
    async function call(
      operationId: string,
      made: Case,
    ): Promise<{ status: number; body: unknown }> {
      const route = routesById.get(operationId);
      if (route === undefined) throw new Error(`${operationId} is not in the route table`);
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
      const values = names.map((name) => {
        const value = made.params?.[name] ?? fixture[name];
        if (value === undefined) throw new Error(`${operationId}: no value for {${name}}`);
        return value;
      });
      const api = made.asReviewer === true ? reviewer : admin;
      const method = Object.values(api as unknown as Record<string, unknown>)
        .filter(
          (group): group is Record<string, unknown> => typeof group === 'object' && group !== null,
        )
        .map((group) => group[clientIdOf(operationId)])
        .find((found) => typeof found === 'function') as
        ((...args: unknown[]) => Promise<unknown>) | undefined;
      recorded.response = undefined;
      try {
        if (method !== undefined) {
          const args: unknown[] = [...values];
          if (made.body !== undefined) args.push(made.body);
          if (made.query !== undefined) args.push(made.query);
          await method(...args);
        } else {
          let path = route.path.replace(/^\/v1/, '');
          names.forEach((name, index) => {
            path = path.replace(`{${name}}`, encodeURIComponent(values[index] ?? ''));
          });
          await api.request({
            path,
            method: route.method,
            secure: true,
            ...(made.query === undefined ? {} : { query: made.query }),
            ...(made.body === undefined ? {} : { body: made.body, type: 'application/json' }),
          });
        }
      } catch (error) {
        if (lastResponse() === undefined) throw error;
      }
      const response = lastResponse();
      if (response === undefined) throw new Error(`${operationId}: no response was recorded`);
      const text = await response.text();
      const json = response.headers.get('content-type')?.includes('json') === true;
      return {
        status: response.status,
        body: text === '' || !json ? undefined : (JSON.parse(text) as unknown),
      };
    }

    /** The client's name for a docsync operation (the API description names some otherwise). */
    function clientIdOf(operationId: string): string {
      const route = routesById.get(operationId);
      return (route && schemas.clientOperationId(route.method, route.path)) ?? operationId;
    }

    function check(docsyncId: string, status: number, body: unknown): string | undefined {
      const clientId = clientIdOf(docsyncId);
      const which = schemas.operationIds.has(clientId) ? 'gitbook' : 'docsync';
      const operationId = which === 'gitbook' ? clientId : docsyncId;
      if (!schemas.documentsStatus(which, operationId, status))
        return `status ${String(status)} is not documented (${which}): ${(JSON.stringify(body) as string | undefined)?.slice(0, 300)}`;
      const validate = schemas.responseValidator(which, operationId, status);
      if (validate === undefined) return undefined;
      if (validate(body)) return undefined;
      return (validate.errors ?? [])
        .slice(0, 6)
        .map(
          (error) =>
            `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
        )
        .join('; ');
    }

    beforeAll(async () => {
      const jobs = new EventEmitter<{ settled: [unknown] }>();
      server = await startTestServer({
        dialect,
        onJobSettled: (outcome) => jobs.emit('settled', outcome),
      });
      // A spec with a version, for the cases that read versions: processing runs as a job.
      const specProcessed = once(jobs, 'settled');
      const spec = await server.http.request(
        'PUT',
        `/v1/orgs/${server.organizationId}/openapi/petstore`,
        { body: { source: { text: petstore } } },
      );
      expect(spec.status).toBe(200);
      await specProcessed;
      fixture['specSlug'] = 'petstore';
      // A conversation analysed into an issue, for the cases that read issues and clusters.
      const ingested = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/conversations`,
        {
          body: {
            id: 'ticket-1',
            subject: 'Tablet',
            parts: [
              {
                type: 'message',
                role: 'user',
                body: '<p>How do I rotate the home screen to landscape on my tablet?</p>',
              },
            ],
            metadata: { url: 'https://desk.example.com/t/1', attributes: { plan: 'pro' } },
          },
        },
      );
      expect(ingested.status, ingested.text).toBe(204);
      await waitForAnalysis(server.db, server.organizationId);
      const recording = {
        fetch: async (input: string | URL | Request, init?: RequestInit) => {
          const response = await fetch(input, init);
          recorded.response = response.clone();
          return response;
        },
      };
      admin = new GitBookAPI({
        authToken: server.token,
        endpoint: server.baseUrl,
        serviceBinding: recording,
      }) as Client;
      fixture['organizationId'] = server.organizationId;
      fixture['userId'] = server.userId;
      const seeded = await seedUser(server.db, server.clock, {
        name: 'Rita Reviewer',
        email: 'rita@example.com',
      });
      await seedMember(server.db, server.clock, server.organizationId, seeded.userId, 'review');
      fixture['reviewerId'] = seeded.userId;
      reviewer = new GitBookAPI({
        authToken: seeded.token,
        endpoint: server.baseUrl,
        serviceBinding: recording,
      }) as Client;
      const space = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
        body: { title: 'Guides' },
      });
      fixture['spaceId'] = (space.body as { id: string }).id;
      const imported = await sendTree(server.http, fixture['spaceId'], tree, {
        oid: commitOid(1),
        message: 'Initial docs ' + hashOf(dialect),
      });
      expect(imported.status).toBeLessThan(300);
      const pages = await server.http.request(
        'GET',
        `/v1/spaces/${fixture['spaceId']}/content/pages`,
      );
      fixture['pageId'] = (pages.body as { pages: { id: string }[] }).pages[0]?.id ?? '';
      const collection = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/collections`,
        { body: { title: 'Handbooks' } },
      );
      fixture['collectionId'] = (collection.body as { id: string }).id;
      const site = await server.http.request('POST', `/v1/orgs/${server.organizationId}/sites`, {
        body: { title: 'Docs', visibility: 'public' },
      });
      fixture['siteId'] = (site.body as { id: string }).id;
      const reference = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/spaces`,
        { body: { title: 'Reference' } },
      );
      const referenceSection = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/sites/${fixture['siteId']}/sections`,
        { body: { spaceId: (reference.body as { id: string }).id, title: 'Reference' } },
      );
      expect(referenceSection.status).toBe(201);
      const changeRequest = await server.http.request(
        'POST',
        `/v1/spaces/${fixture['spaceId']}/change-requests`,
        { body: { subject: 'Rewrite the welcome page' } },
      );
      fixture['changeRequestId'] = (changeRequest.body as { id: string }).id;
      // A second organization the admin administers and the reviewer's domain may join, and a
      // space and a collection to transfer to it.
      const other = await server.http.request('POST', '/v1/orgs', { body: { title: 'Acme EU' } });
      fixture['otherOrganizationId'] = (other.body as { id: string }).id;
      const opened = await server.http.request(
        'PATCH',
        `/v1/orgs/${fixture['otherOrganizationId']}`,
        {
          body: { emailDomains: ['example.com'] },
        },
      );
      expect(opened.status).toBe(200);
      const moving = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
        body: { title: 'Moving out' },
      });
      fixture['movingSpaceId'] = (moving.body as { id: string }).id;
      const movingCollection = await server.http.request(
        'POST',
        `/v1/orgs/${server.organizationId}/collections`,
        { body: { title: 'Moving out' } },
      );
      fixture['movingCollectionId'] = (movingCollection.body as { id: string }).id;
      fixture['ssoCode'] = await ssoCodeFrom(server);
      // Background work (a spec processed, a conversation analysed) is waited for: more than the
      // default 10 s on a loaded machine.
    }, 60_000);
    afterAll(async () => {
      await server.close();
    });

    it('has a case for every operation the server registers, and for no other', () => {
      const missing = implementedOperationIds.filter((id) => !(id in cases));
      expect(missing, 'registered operations without a conformance case').toEqual([]);
      const unknown = Object.keys(cases).filter((id) => !implementedOperationIds.includes(id));
      expect(unknown, 'cases of operations the server does not register').toEqual([]);
    });

    it(
      'answers every case with a response the client’s schema accepts',
      { timeout: 120_000 },
      async () => {
        const failures: Record<string, string> = {};
        for (const [operationId, caseOf] of Object.entries(cases)) {
          const made = caseOf(fixture);
          const { status, body } = await call(operationId, made);
          const problem =
            status < 300
              ? check(operationId, status, body)
              : `answers ${String(status)}: ${JSON.stringify(body)}`;
          if (problem !== undefined) failures[operationId] = problem;
          if (status < 300 && made.keep !== undefined)
            Object.assign(fixture, made.keep(body as Body, fixture));
        }
        const unexpected = Object.fromEntries(
          Object.entries(failures).filter(([id]) => !(id in knownNonConformant)),
        );
        expect(unexpected, 'non-conformant responses not listed in knownNonConformant').toEqual({});
        const stale = Object.keys(knownNonConformant).filter((id) => !(id in failures));
        expect(stale, 'knownNonConformant entries that now conform').toEqual([]);
      },
    );

    it(
      'answers a documented 404 with {error: {code, message}} for an unknown id',
      { timeout: 120_000 },
      async () => {
        const failures: Record<string, string> = {};
        for (const [operationId, caseOf] of Object.entries(cases)) {
          if (!schemas.documentsStatus('gitbook', clientIdOf(operationId), 404)) continue;
          // Publishing under a name nobody uses creates it (its 404 is for the organization).
          if (CREATES_BY_NAME.has(operationId)) continue;
          const route = routesById.get(operationId);
          const names = [...(route?.path ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
          const last = names.at(-1);
          if (last === undefined) continue;
          const made = caseOf(fixture);
          const { status, body } = await call(operationId, {
            ...made,
            params: { ...made.params, [last]: 'no-such-id' },
          });
          const problem =
            status === 404
              ? check(operationId, status, body)
              : `answers ${String(status)} for an unknown {${last}}`;
          if (problem !== undefined) failures[operationId] = problem;
        }
        const unexpected = Object.fromEntries(
          Object.entries(failures).filter(([id]) => !(id in knownErrorMisses)),
        );
        expect(unexpected, 'unknown ids answered otherwise than documented').toEqual({});
        const stale = Object.keys(knownErrorMisses).filter((id) => !(id in failures));
        expect(stale, 'knownErrorMisses entries that now answer as documented').toEqual([]);
      },
    );
  });
}
