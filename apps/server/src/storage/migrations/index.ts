import type { Migration, MigrationProvider } from 'kysely/migration';
import { initial } from './001-initial.js';
import { membersTeams } from './002-members-teams.js';
import { collections } from './003-collections.js';
import { content } from './004-content.js';
import { changeRequests } from './005-change-requests.js';
import { comments } from './006-comments.js';
import { search } from './007-search.js';
import { sites } from './008-sites.js';
import { reviews } from './009-reviews.js';
import { sharedRows } from './010-shared-rows.js';
import { gitSyncPoints } from './011-git-sync-points.js';
import { spaceBlobs } from './012-space-blobs.js';
import { databaseBlobs } from './013-database-blobs.js';
import { people } from './014-people.js';
import { saml } from './015-saml.js';
import { agentInstructionsWriter } from './016-agent-instructions-writer.js';
import { reviewRequestRevision } from './017-review-request-revision.js';
import { jobs } from './018-jobs.js';
import { openApiSpecs } from './019-openapi-specs.js';
import { integrations } from './020-integrations.js';
import { translations } from './022-translations.js';
import { conversations } from './023-conversations.js';
import { integrationTargets } from './027-integration-targets.js';
import { siteHostnames } from './028-site-hostnames.js';

/**
 * Every migration, keyed by name in the order they run. Append new ones with the next number;
 * never edit one that has shipped.
 */
const migrations: Readonly<Record<string, Migration>> = {
  '001-initial': initial,
  '002-members-teams': membersTeams,
  '003-collections': collections,
  '004-content': content,
  '005-change-requests': changeRequests,
  '006-comments': comments,
  '007-search': search,
  '008-sites': sites,
  '009-reviews': reviews,
  '010-shared-rows': sharedRows,
  '011-git-sync-points': gitSyncPoints,
  '012-space-blobs': spaceBlobs,
  '013-database-blobs': databaseBlobs,
  '014-people': people,
  '015-saml': saml,
  '016-agent-instructions-writer': agentInstructionsWriter,
  '017-review-request-revision': reviewRequestRevision,
  '018-jobs': jobs,
  '019-openapi-specs': openApiSpecs,
  '020-integrations': integrations,
  '022-translations': translations,
  '023-conversations': conversations,
  '027-integration-targets': integrationTargets,
  '028-site-hostnames': siteHostnames,
};

/** Hands Kysely's Migrator the in-code migrations (no files are read at run time). */
export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
