import type { Collection, Organization, Space } from '@docsync/api';
import { atLeast, type Level } from './roles.js';

/**
 * The `permissions` booleans of each resource, computed from the caller's level on it. The
 * description names the booleans but not the rule behind each; these follow the role table
 * (admin administrates, create creates content, review reviews and merges, edit edits, comment
 * discusses, read reads) and are the same checks the handlers enforce.
 */

/** What a member at `level` may do with an organization. */
export function organizationPermissions(level: Level): Organization['permissions'] {
  const admin = atLeast(level, 'admin');
  const creator = atLeast(level, 'create');
  const reader = atLeast(level, 'read');
  return {
    view: true,
    admin,
    ownTeam: creator,
    createContent: creator,
    createOpenAPISpec: creator,
    ingestConversations: creator,
    viewBilling: admin,
    listMembers: reader,
    listTeams: reader,
    listIntegrations: reader,
    listInstallations: admin,
    installIntegration: admin,
  };
}

/** What a member at `level` (on the space) may do with a space. */
export function spacePermissions(level: Level): Space['permissions'] {
  const admin = atLeast(level, 'admin');
  return {
    view: atLeast(level, 'read'),
    access: atLeast(level, 'read'),
    admin,
    viewInviteLinks: admin,
    edit: atLeast(level, 'edit'),
    triggerGitSync: atLeast(level, 'edit'),
    comment: atLeast(level, 'comment'),
    merge: atLeast(level, 'review'),
    review: atLeast(level, 'review'),
    installIntegration: admin,
  };
}

/** What a member at `level` (on the collection) may do with a collection. */
export function collectionPermissions(level: Level): Collection['permissions'] {
  const admin = atLeast(level, 'admin');
  return {
    view: atLeast(level, 'read'),
    admin,
    viewInviteLinks: admin,
    create: atLeast(level, 'create'),
  };
}
