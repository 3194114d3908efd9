import type { ColumnType, Generated, Kysely, RawBuilder, SqlBool } from 'kysely';

/**
 * Column conventions shared by both dialects: ids are text; timestamps are ISO 8601 text in UTC
 * (`Date#toISOString`, so they sort as text); flags are booleans on PostgreSQL and 0/1 on SQLite
 * (read them through `Boolean`); structured values are JSON text.
 */
export type Timestamp = string;

/** A role as stored: one of the role names, or null for a guest. */
export type StoredRole = string | null;

/** A person who can hold API tokens and organization memberships. */
export interface UsersTable {
  id: string;
  display_name: string;
  email: string | null;
  /** Whether `email` was verified; joining by email domain requires it. */
  email_verified: SqlBool;
  photo_url: string | null;
  created_at: Timestamp;
  /** May create organizations (the user `server init` made; migration 014). */
  server_admin: Generated<SqlBool>;
}

/** An API token: only its SHA-256 is stored; `prefix` identifies it in listings and logs. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  prefix: string;
  label: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  /** After this the token is refused; null: never. */
  expires_at: Generated<Timestamp | null>;
  /** `read-write`, or `read-only` (reads only). */
  scope: Generated<string>;
}

/** An organization and its settings. */
export interface OrganizationsTable {
  id: string;
  title: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** JSON array of lowercase domains whose verified users may join. */
  email_domains: string;
  hostname: string | null;
  type: string;
  use_case: string | null;
  community_type: string | null;
  default_role: StoredRole;
  /** JSON `{type: 'site', site}` or null. */
  default_content: string | null;
  logo: string | null;
  sso: SqlBool;
  ai: SqlBool;
  invite_links: SqlBool;
  plan: string;
  /** JSON mergeRules union. */
  merge_rules: string;
  /** JSON Document, null until first written. */
  agent_instructions: string | null;
  agent_instructions_updated_at: Timestamp | null;
  agent_instructions_updated_by: string | null;
}

/** An invite link of an organization: whoever holds it joins with `role`. */
export interface LinkInvitesTable {
  id: string;
  organization_id: string;
  role: StoredRole;
  created_at: Timestamp;
  /** SHA-256 of the link's secret; null for links made before migration 014 (unusable). */
  secret_hash: string | null;
  expires_at: Timestamp | null;
  created_by: string | null;
}

/** An invite by email: single use, until it expires; only the secret's SHA-256 is stored. */
export interface EmailInvitesTable {
  id: string;
  organization_id: string;
  /** Lower case. */
  email: string;
  role: StoredRole;
  sso: SqlBool;
  secret_hash: string;
  created_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
}

/** A SAML identity provider of an organization (migration 015); `pending` until the IdP's three settings are set. */
export interface SamlProvidersTable {
  id: string;
  organization_id: string;
  label: string;
  /** The IdP's entity id (the `Issuer` of its answers). */
  entity_id: string | null;
  /** Where the IdP takes AuthnRequests (HTTP-Redirect binding). */
  sso_url: string | null;
  /** The IdP's signing certificate, PEM. */
  certificate: string | null;
  /** Team new accounts join; null when the team is gone or none was set. */
  default_team_id: string | null;
  /** Role of new accounts; null: guest. */
  default_role: StoredRole;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An AuthnRequest the service sent and no answer has used yet (its `InResponseTo` state). */
export interface SamlRequestsTable {
  /** The AuthnRequest's `ID`. */
  id: string;
  provider_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** An assertion accepted once, kept until it expires so it is never accepted again. */
export interface SamlAssertionsTable {
  provider_id: string;
  /** The assertion's `ID`. */
  assertion_id: string;
  accepted_at: Timestamp;
  expires_at: Timestamp;
}

/** A one-time code a SAML login showed, for `docsync login --sso`: single use, short-lived. */
export interface SsoLoginCodesTable {
  /** SHA-256 of the code. */
  code_hash: string;
  user_id: string;
  provider_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A user's membership of an organization. The member id in the API is the user id. */
export interface MembersTable {
  organization_id: string;
  user_id: string;
  role: StoredRole;
  sso: SqlBool;
  disabled: SqlBool;
  joined_at: Timestamp;
  last_seen_at: Timestamp | null;
}

/** A team of members within an organization. */
export interface TeamsTable {
  id: string;
  organization_id: string;
  title: string;
  created_at: Timestamp;
}

/** A member's place in a team; `role` is `owner` or `member`. */
export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  role: string;
  added_at: Timestamp;
}

/** A collection of spaces and nested collections. */
export interface CollectionsTable {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  default_level: StoredRole;
  /** Order among siblings (ascending); moves insert between neighbours. */
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A space. `deleted_at` is set while it sits in the 7-day restore window. */
export interface SpacesTable {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  emoji: string;
  visibility: string;
  edit_mode: string | null;
  language: string | null;
  /** JSON mergeRules union. */
  merge_rules: string;
  default_level: StoredRole;
  /** Id of the active revision. */
  revision_id: string;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** A page or reusable-content document, stored once by the SHA-256 of its JSON text. */
export interface ContentDocumentsTable {
  hash: string;
  /** JSON `JSONDocument`. */
  body: string;
}

/** An immutable revision of a space's content. */
export interface ContentRevisionsTable {
  id: string;
  /** The space the revision was made in (a duplicate may start on another space's revision). */
  space_id: string;
  parent_id: string | null;
  /** edits | merge | update | rollback. */
  type: string;
  /** The commit the revision was synced with, for idempotent imports. */
  git_oid: string | null;
  /** JSON `RevisionGit`, or null for revisions not made from a commit. */
  git: string | null;
  author_id: string | null;
  created_at: Timestamp;
  /** JSON variables of the space. */
  variables: string;
  /** JSON array of `{id, title, git?, document: <hash>}`. */
  reusable_contents: string;
  /** JSON `GitbookConfig` the tree was read with (root, readme, summary, redirects). */
  config: string;
  /**
   * The revision whose page rows this one overlays (see migration 010), or null when all of its
   * page rows are its own.
   */
  pages_base: string | null;
  /** The revision whose file rows this one has, or null when they are its own. */
  files_from: string | null;
}

/** The tree an import read a revision from (see migration 010). */
export interface ContentTreesTable {
  revision_id: string;
  /** The whole tree this one lists the differences from, or null when it is whole. */
  base_revision_id: string | null;
  /** JSON `[path, oid, size][]`; in a difference, a null oid for a path gone. */
  entries: string;
}

/** A commit and a revision whose content it holds, seen by both sides (see migration 011). */
export interface GitSyncPointsTable {
  /** Orders the points of a space (timestamps can tie). */
  seq: Generated<number>;
  space_id: string;
  commit_oid: string;
  commit_message: string;
  commit_ref: string | null;
  revision_id: string;
  created_at: Timestamp;
}

/** A blob a space holds: uploaded through it or named by a tree it imported (see migration 012). */
export interface SpaceBlobsTable {
  space_id: string;
  oid: string;
}

/** File bytes by git blob id, on PostgreSQL only (see migration 013). */
export interface BlobsTable {
  oid: string;
  /** bigint: pg returns it as a string. */
  size: string | number;
  bytes: Uint8Array;
}

/** A page of a revision: its place in the tree, its metadata and its document by hash. */
export interface ContentPagesTable {
  revision_id: string;
  page_id: string;
  parent_id: string | null;
  /** Order among siblings, from 0; -1 marks a base page an overlaying revision removed. */
  position: number;
  /** Full path of the page (`group/parent/page`); null for links. */
  path: string | null;
  /** Document pages only. */
  document_hash: string | null;
  /** JSON: the core page without `pages` and `document`. */
  fields: string;
}

/** A file of a revision; the bytes are in the blob store under `blob_oid`. */
export interface ContentFilesTable {
  revision_id: string;
  file_id: string;
  /** Order in the revision, from 0. */
  position: number;
  name: string;
  content_type: string;
  size: number;
  blob_oid: string | null;
  git_path: string | null;
}

/** A change request: proposed edits to a space, with its own head revision. */
export interface ChangeRequestsTable {
  id: string;
  space_id: string;
  /** 1, 2, 3… within the space. */
  number: number;
  /** draft | open | archived | merged. */
  status: string;
  subject: string;
  /** JSON `Document`, or null. */
  description: string | null;
  created_by: string;
  /** The space revision it was created from. */
  initial_revision_id: string;
  /** The merge base: the space revision it was created from or last updated from. */
  base_revision_id: string;
  /** The space revision it was last updated from, null until updated. */
  merged_ancestor_revision_id: string | null;
  /** Its own content. */
  head_revision_id: string;
  /** The space revision its merge made, null until merged. */
  merged_revision_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  merged_at: Timestamp | null;
}

/** The last change request number given out in a space. */
export interface ChangeRequestCountersTable {
  space_id: string;
  last_number: number;
}

/** Someone who wrote to a change request (its creator included). */
export interface ChangeRequestContributorsTable {
  change_request_id: string;
  user_id: string;
}

/** A review of a change request, of the head it had when given. */
export interface ChangeRequestReviewsTable {
  /** The order reviews were stored in (PostgreSQL reads it as a string: read it through Number). */
  seq: Generated<number>;
  id: string;
  change_request_id: string;
  reviewer_id: string;
  /** approved | changes-requested. */
  status: string;
  /** The change request's head revision when the review was given. */
  revision_id: string;
  created_at: Timestamp;
}

/** A user asked to review a change request who has not reviewed it since. */
export interface ChangeRequestReviewRequestsTable {
  change_request_id: string;
  user_id: string;
  requested_by: string;
  requested_at: Timestamp;
  /** The change request's head revision when asked (migration 017 filled in the older rows). */
  revision_id: string;
}

/** A comment on a space's main content or on a change request. */
export interface CommentsTable {
  id: string;
  space_id: string;
  /** Null for a comment on the space's main content. */
  change_request_id: string | null;
  page_id: string | null;
  node_id: string | null;
  /** JSON `{record, definition}`, or null. */
  table_cell: string | null;
  /** The revision the comment was posted on (the space's, or the change request's head). */
  revision_id: string;
  author_id: string;
  /** Markdown, as written. */
  body: string;
  /** open | resolved. */
  status: string;
  posted_at: Timestamp;
  /** When the body was last edited; null until then. */
  edited_at: Timestamp | null;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
}

/** A reply to a comment. */
export interface CommentRepliesTable {
  id: string;
  comment_id: string;
  author_id: string;
  /** Markdown, as written. */
  body: string;
  posted_at: Timestamp;
  edited_at: Timestamp | null;
}

/** One user's reaction with one emoji to a comment or a reply (`post_id`). */
export interface CommentReactionsTable {
  post_id: string;
  emoji: string;
  user_id: string;
  /** The comment the post is or belongs to. */
  comment_id: string;
  reacted_at: Timestamp;
}

/** Which revision a space's search index reflects. */
export interface SearchSpacesTable {
  space_id: string;
  revision_id: string;
}

/** A document page of a space's indexed revision, as search results show it. */
export interface SearchPagesTable {
  space_id: string;
  page_id: string;
  /** The document the page's sections were read from. */
  document_hash: string;
  title: string;
  path: string;
  /** JSON array of the titles of the page's ancestors, outermost first. */
  ancestors: string;
}

/**
 * A section of an indexed page: the text before its first heading (`anchor` empty), then one
 * per heading. Full text: PostgreSQL adds a `terms` tsvector column (written, never read);
 * SQLite indexes the text in the FTS5 table `search_fts`, whose rowid is the section's `id`.
 */
export interface SearchSectionsTable {
  id: Generated<number>;
  space_id: string;
  page_id: string;
  /** Order in the page, from 0. */
  position: number;
  anchor: string;
  title: string;
  /** Plain text of the section. */
  body: string;
  /** PostgreSQL only: the section's words (`tsvector`), written as an expression, never read. */
  terms?: ColumnType<never, RawBuilder<unknown> | undefined, never>;
}

/**
 * SQLite only: the FTS5 table holding the words of each section under the section's `id` as
 * rowid (contentless: written and matched, never read back).
 */
export interface SearchFtsTable {
  rowid: number;
  title: string;
  body: string;
  /** The page's title. */
  context: string;
  /** A token naming the space. */
  scope: string;
}

/** The references and heading anchors of a stored document, by the document's hash. */
export interface DocumentLinksTable {
  document_hash: string;
  /** JSON array of content refs, in document order. */
  refs: string;
  /** JSON array of the heading anchors. */
  anchors: string;
}

/** A published documentation site of an organization. */
export interface SitesTable {
  id: string;
  organization_id: string;
  /** basic | premium | ultimate | sponsored. */
  type: string;
  title: string;
  /** public | unlisted | share-link | visitor-auth. */
  visibility: string;
  basename: string | null;
  /** The site's own hostname (lowercase): docsync serves it to requests for that host. */
  hostname: string | null;
  /** `host/path` the site is served under through a reverse proxy, or null. */
  proxy: string | null;
  adaptive_content: SqlBool;
  /** excluded | included. */
  agents_context: string;
  /** The secret of the site's share link (`shareKey`). */
  share_key: string;
  /** HS256 key the site's visitor tokens are signed with (base64url). */
  visitor_signing_key: string;
  /** JSON adaptive-content visitor schema, null until written. */
  adaptive_schema: string | null;
  adaptive_schema_updated_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A named group of site sections, at the top level of a site or inside another group. */
export interface SiteSectionGroupsTable {
  id: string;
  site_id: string;
  parent_id: string | null;
  title: string;
  icon: string | null;
  /** Order among the sections and groups of the same parent. */
  position: number;
  created_at: Timestamp;
}

/** A section (tab) of a site. */
export interface SiteSectionsTable {
  id: string;
  site_id: string;
  /** The group it is in; null at the top level. */
  group_id: string | null;
  title: string;
  /** Path on the site, unique within it. */
  path: string;
  description: string | null;
  /** Adaptive-content expression deciding who sees it; null: everyone. */
  condition: string | null;
  icon: string | null;
  /** The default section of the site (one per site with sections). */
  is_default: SqlBool;
  /** Order among the sections and groups of the same parent. */
  position: number;
  created_at: Timestamp;
}

/** A space published on a site, in a section or at the top level of a site without sections. */
export interface SiteSpacesTable {
  id: string;
  site_id: string;
  section_id: string | null;
  space_id: string;
  /** Path on the site, unique within its section (or the top level). */
  path: string;
  condition: string | null;
  /** The default site space of its section (or of the site without sections). */
  is_default: SqlBool;
  /** Order within its section (or the top level). */
  position: number;
  created_at: Timestamp;
}

/** An OpenAPI spec of an organization (migration 019): its source and its last processing. */
export interface OpenApiSpecsTable {
  id: string;
  organization_id: string;
  slug: string;
  /** Where the spec is fetched from; null for a spec given as text. */
  source_url: string | null;
  /** The spec itself, for a spec given as text; null for a URL. */
  source_text: string | null;
  /** Moves on each publish, so processing tells whether the source changed under it. */
  source_serial: Generated<number>;
  /** `private` or `public`. */
  visibility: Generated<string>;
  /** `pending`, `progress` or `complete`. */
  processing_state: string;
  last_version_id: string | null;
  last_processed_at: Timestamp | null;
  /** `FETCH_TIMEOUT`, `FETCH_ERROR` or `PARSE_ERROR` when the last processing failed. */
  last_error_code: string | null;
  /** JSON array of `{message, code}`, with `last_error_code`. */
  last_errors: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A version of an OpenAPI spec: a distinct content processing recorded (migration 019). */
export interface OpenApiSpecVersionsTable {
  id: string;
  spec_id: string;
  /** 1, 2, … within the spec, in the order recorded. */
  number: number;
  /** Where this content was read from (the source URL), or where the API serves it. */
  url: string;
  /** The name of the content's entry in `filesystem`. */
  file_name: string;
  /** The bundled spec, JSON. */
  content: string;
  /** SHA-256 of `content`. */
  content_hash: string;
  created_at: Timestamp;
}

/** A background job (migration 018): `queued` → `running` → `done` or `failed`. */
export interface JobsTable {
  id: string;
  /** Which handler runs it (`openapi-spec:process`). */
  kind: string;
  /** At most one queued job per key (a spec's next processing); null: no such limit. */
  key: string | null;
  /** JSON the handler reads. */
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  /** Claims so far, the current one included. */
  attempts: Generated<number>;
  max_attempts: number;
  /** Not claimed before this. */
  run_after: Timestamp;
  /** Who holds it while `running`: a token new at each claim. */
  claim: string | null;
  /** While `running`: claimable again after this (its runner stopped renewing it). */
  lease_expires_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

/** A published integration (migration 020). */
export interface IntegrationsTable {
  id: string;
  /** Global, unique: the `{integrationName}` of the API. */
  name: string;
  /** The publishing organization. */
  organization_id: string;
  /** 1 at the first publish, one more at each. */
  version: number;
  title: string;
  description: string;
  visibility: string;
  target: string;
  /** JSON array of the scopes it asks for. */
  scopes: string;
  /** JSON array of its marketplace categories. */
  categories: string;
  /** JSON array of the hosts its blocks unfurl links of (the `blockDomain` filter). */
  block_domains: string;
  blocks_count: number;
  content_sources_count: number;
  /** JSON of the rest of what was published (summary, blocks, configurations, …). */
  manifest: string;
  script: string;
  /** JSON map of the secrets passed to it at run time. */
  secrets: string;
  /** Where its events are POSTed outside development mode (a docsync extension). */
  endpoint: string | null;
  /** Development mode: where its events go instead; null when off. */
  dev_tunnel_url: string | null;
  /** Development mode takes events of every organization, not only the owner's. */
  dev_all: SqlBool;
  /** The secret deliveries are signed with (`whsec_…`). */
  signing_secret: string;
  /** The user who published it last (its own token acts as them). */
  published_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An integration installed on an organization (migration 020). */
export interface IntegrationInstallationsTable {
  id: string;
  integration_id: string;
  organization_id: string;
  /** The admin who installed it; its tokens act as them, within its scopes. */
  installed_by: string;
  /** `active`, `pending` or `paused`. */
  status: string;
  /** JSON array: the integration's scopes when it was installed (what was granted). */
  scopes: string;
  /** JSON object. */
  configuration: string;
  /** JSON array of strings. */
  external_ids: string;
  /** `all` (every space of the organization) or `selected` (those of its target rows). */
  space_selection: Generated<string>;
  /** `all` or `selected`, as `space_selection` for sites. */
  site_selection: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An installation's settings for one space or site it was installed on (migration 027). */
export interface IntegrationTargetInstallationsTable {
  installation_id: string;
  /** `space` or `site`. */
  target_kind: string;
  target_id: string;
  /** `active`, `pending` or `paused`. */
  status: string;
  /** JSON object. */
  configuration: string;
  /** JSON array of strings. */
  external_ids: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A short-lived token of an integration or of one of its installations (migration 020). */
export interface IntegrationTokensTable {
  id: string;
  token_hash: string;
  integration_id: string;
  /** Null for the integration's own token. */
  installation_id: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** An event in the outbox of an integration (migration 020). */
export interface IntegrationEventsTable {
  /** Also the payload's `eventId`, and the `webhook-id` of every delivery of it. */
  id: string;
  integration_id: string;
  installation_id: string | null;
  type: string;
  /** JSON: the event as the integration receives it. */
  payload: string;
  /** `pending`, `delivered`, `not_handled` (it answered 406) or `failed`. */
  state: string;
  /** Delivery attempts recorded so far. */
  attempts: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One delivery attempt of an event (migration 020). */
export interface IntegrationEventAttemptsTable {
  event_id: string;
  /** 1, 2, … */
  number: number;
  url: string;
  /** `delivered`, `not_handled`, `retry` or `failed`. */
  outcome: string;
  /** The HTTP status answered; null when none came (network error, timeout). */
  response_code: number | null;
  error: string | null;
  duration_ms: number;
  started_at: Timestamp;
}

/** A translated copy of a space (migration 022). */
export interface TranslationsTable {
  id: string;
  organization_id: string;
  source_space_id: string;
  source_language: string;
  language: string;
  /** The instructions document, JSON; null: none. */
  instructions: string | null;
  /** Run after each change request merged into the source space. */
  auto_run: Generated<SqlBool>;
  /** `pending`, `running` or `completed`. */
  status: string;
  /** The translated space, made by the first run. */
  target_space_id: string | null;
  /** The revision the last completed run wrote: the base of the next run's merge. */
  result_revision_id: string | null;
  /** The source revision that run translated: a run with nothing new to do writes nothing. */
  source_revision_id: string | null;
  created_by: string | null;
  runs: Generated<number>;
  total_words: Generated<number>;
  /** Distinct source pages translated, over all runs (`translation_pages`). */
  total_pages: Generated<number>;
  total_duration_ms: Generated<number>;
  latest_duration_ms: Generated<number>;
  latest_pages: Generated<number>;
  latest_words: Generated<number>;
  last_error_code: string | null;
  last_error_message: string | null;
  last_error_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A translation's memory: a text block's translation by the hash of its source (migration 022). */
export interface TranslationBlocksTable {
  translation_id: string;
  source_hash: string;
  /** The translated block, JSON, with the source's page ids. */
  translated: string;
}

/** The source pages a translation translated a block of, for `stats.totalPages` (migration 022). */
export interface TranslationPagesTable {
  translation_id: string;
  page_id: string;
}

/** An ingested conversation (migration 023): one per organization, source and source id. */
export interface ConversationsTable {
  id: string;
  organization_id: string;
  /** The integration's name it came through, or `email` (see `conversations/ingest.ts`). */
  source: string;
  /** The conversation's id at its source. */
  external_id: string;
  subject: string | null;
  url: string | null;
  /** `metadata.attributes`, JSON. */
  attributes: string;
  /** The messages, JSON. */
  parts: string;
  /** Hash of subject and parts: re-sending the same conversation changes nothing. */
  content_hash: string;
  /** When it happened (`metadata.createdAt`, else when it was first ingested). */
  created_at: Timestamp;
  ingested_at: Timestamp;
  /** When its analysis last finished; null while it waits for one. */
  processed_at: Timestamp | null;
}

/** A group of similar issues (migration 023). */
export interface IssueClustersTable {
  id: string;
  organization_id: string;
  label: string;
  summary: string;
  /** The summed term counts of its issues, JSON: its centroid before weighting. */
  terms: string;
  issues: number;
  conversations: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A question of a conversation the published content answers poorly (migration 023). */
export interface ConversationIssuesTable {
  id: string;
  organization_id: string;
  conversation_id: string;
  cluster_id: string | null;
  title: string;
  summary: string;
  /** The question's term counts, JSON. */
  terms: string;
  /** The closest pages found, JSON `[{space, page, title, coverage}]`. */
  pages: string;
  /** When the conversation happened. */
  created_at: Timestamp;
  /** When the analysis found it. */
  ingested_at: Timestamp;
}

/** In how many issues of an organization each term occurs (migration 023). */
export interface ConversationTermsTable {
  organization_id: string;
  issues: number;
  /** JSON `{term: issues holding it}`. */
  frequencies: string;
}

/** Every table, as Kysely sees them. */
export interface DatabaseSchema {
  users: UsersTable;
  api_tokens: ApiTokensTable;
  organizations: OrganizationsTable;
  link_invites: LinkInvitesTable;
  email_invites: EmailInvitesTable;
  members: MembersTable;
  saml_providers: SamlProvidersTable;
  saml_requests: SamlRequestsTable;
  saml_assertions: SamlAssertionsTable;
  sso_login_codes: SsoLoginCodesTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  collections: CollectionsTable;
  spaces: SpacesTable;
  content_documents: ContentDocumentsTable;
  content_revisions: ContentRevisionsTable;
  content_pages: ContentPagesTable;
  content_files: ContentFilesTable;
  content_trees: ContentTreesTable;
  git_sync_points: GitSyncPointsTable;
  space_blobs: SpaceBlobsTable;
  blobs: BlobsTable;
  change_requests: ChangeRequestsTable;
  change_request_counters: ChangeRequestCountersTable;
  change_request_contributors: ChangeRequestContributorsTable;
  change_request_reviews: ChangeRequestReviewsTable;
  change_request_review_requests: ChangeRequestReviewRequestsTable;
  comments: CommentsTable;
  comment_replies: CommentRepliesTable;
  comment_reactions: CommentReactionsTable;
  search_spaces: SearchSpacesTable;
  search_pages: SearchPagesTable;
  search_sections: SearchSectionsTable;
  search_fts: SearchFtsTable;
  document_links: DocumentLinksTable;
  sites: SitesTable;
  site_section_groups: SiteSectionGroupsTable;
  site_sections: SiteSectionsTable;
  site_spaces: SiteSpacesTable;
  jobs: JobsTable;
  openapi_specs: OpenApiSpecsTable;
  openapi_spec_versions: OpenApiSpecVersionsTable;
  integrations: IntegrationsTable;
  integration_installations: IntegrationInstallationsTable;
  integration_target_installations: IntegrationTargetInstallationsTable;
  integration_tokens: IntegrationTokensTable;
  integration_events: IntegrationEventsTable;
  integration_event_attempts: IntegrationEventAttemptsTable;
  translations: TranslationsTable;
  translation_blocks: TranslationBlocksTable;
  translation_pages: TranslationPagesTable;
  conversations: ConversationsTable;
  issue_clusters: IssueClustersTable;
  conversation_issues: ConversationIssuesTable;
  conversation_terms: ConversationTermsTable;
}

/** The typed query builder the server uses. */
export type Db = Kysely<DatabaseSchema>;
