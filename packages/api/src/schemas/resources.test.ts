import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ChangeRequest } from './change-request.js';
import { Collection } from './collection.js';
import { ErrorBody, ListOf } from './common.js';
import { Member } from './member.js';
import { Organization } from './organization.js';
import { Page } from './page.js';
import { Revision } from './revision.js';
import { Space } from './space.js';
import { Team } from './team.js';
import type { User } from './user.js';

// Typed with the exported Static types, so these also check that the types match the schemas.
const at = '2026-01-01T00:00:00Z';
const api = 'https://docs.example.com/v1';
const user: User = {
  object: 'user',
  id: 'u1',
  displayName: 'Ada',
  email: 'ada@example.com',
  urls: { location: `${api}/users/u1` },
};

const space: Space = {
  object: 'space',
  id: 's1',
  title: 'Handbook',
  emoji: '📘',
  visibility: 'private',
  createdAt: at,
  updatedAt: at,
  mergeRules: { type: 'inherit' },
  urls: { location: `${api}/spaces/s1`, app: 'https://app.example.com/s/s1' },
  organization: 'o1',
  revision: 'r1',
  defaultLevel: null,
  comments: 0,
  changeRequests: 1,
  changeRequestsOpen: 1,
  changeRequestsDraft: 0,
  permissions: {
    view: true,
    access: true,
    admin: false,
    viewInviteLinks: false,
    edit: true,
    triggerGitSync: false,
    comment: true,
    merge: false,
    review: true,
    installIntegration: false,
  },
};

const collection: Collection = {
  object: 'collection',
  id: 'c1',
  title: 'Engineering',
  organization: 'o1',
  defaultLevel: 'read',
  urls: { location: `${api}/collections/c1`, app: 'https://app.example.com/c/c1' },
  permissions: { view: true, admin: false, viewInviteLinks: false, create: true },
};

const organization: Organization = {
  object: 'organization',
  id: 'o1',
  title: 'Acme',
  createdAt: at,
  emailDomains: ['acme.com'],
  type: 'business',
  inviteLinks: false,
  plan: 'free_2024',
  mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['u1'] }] },
  urls: { location: `${api}/orgs/o1`, app: 'https://app.example.com/o/o1' },
  trial: { status: 'notapplicable', count: 0 },
  permissions: {
    view: true,
    admin: true,
    ownTeam: true,
    createContent: true,
    createOpenAPISpec: true,
    ingestConversations: true,
    viewBilling: true,
    listMembers: true,
    listTeams: true,
    listIntegrations: true,
    listInstallations: true,
    installIntegration: true,
  },
};

const member: Member = {
  object: 'member',
  id: 'u1',
  role: 'admin',
  user,
  disabled: false,
  joinedAt: at,
  sso: false,
  spaces: 3,
  teams: 1,
};

const team: Team = {
  object: 'team',
  id: 't1',
  title: 'Writers',
  members: 2,
  spaces: 1,
  createdAt: at,
  permissions: { admin: true, view: true },
};

const page: Page = {
  id: 'p1',
  title: 'Guides',
  type: 'group',
  pages: [
    {
      id: 'p2',
      title: 'Install',
      type: 'document',
      slug: 'install',
      path: 'guides/install',
      document: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph' }] },
      variables: { version: '1.2', beta: true },
    },
  ],
};

const revision: Revision = {
  object: 'revision',
  id: 'r1',
  parents: [],
  type: 'edits',
  createdAt: at,
  pages: [page],
  files: [],
  reusableContents: [],
  variables: {},
  git: { oid: 'a'.repeat(40), message: 'docs: install guide', createdByGitBook: false },
  urls: { app: 'https://app.example.com/s/s1/r1' },
};

const changeRequest: ChangeRequest = {
  object: 'change-request',
  id: 'cr1',
  number: 1,
  status: 'open',
  subject: 'Install guide',
  createdBy: user,
  createdAt: at,
  updatedAt: at,
  space: 's1',
  revision: 'r2',
  revisionInitial: 'r1',
  comments: 0,
  outdated: false,
  urls: { app: 'https://app.example.com/cr1', location: `${api}/spaces/s1/change-requests/cr1` },
};

describe('resource schemas', () => {
  it('accept typical resources', () => {
    expect(Value.Check(Space, space)).toBe(true);
    expect(Value.Check(Collection, collection)).toBe(true);
    expect(Value.Check(Organization, organization)).toBe(true);
    expect(Value.Check(Member, member)).toBe(true);
    expect(Value.Check(Team, team)).toBe(true);
    expect(Value.Check(Revision, revision)).toBe(true);
    expect(Value.Check(ChangeRequest, changeRequest)).toBe(true);
  });

  it('reject a resource with the wrong discriminator or a missing member', () => {
    expect(Value.Check(Space, { ...space, object: 'collection' })).toBe(false);
    const { revision: _revision, ...withoutRevision } = space;
    expect(Value.Check(Space, withoutRevision)).toBe(false);
    expect(Value.Check(Space, { ...space, visibility: 'secret' })).toBe(false);
  });

  it('validate pages at every depth of the tree', () => {
    const badChild = { ...page, pages: [{ id: 'p3', title: 'Bad', type: 'chapter' }] };
    expect(Value.Check(Page, page)).toBe(true);
    expect(Value.Check(Page, badChild)).toBe(false);
    expect(Value.Check(Revision, { ...revision, pages: [badChild] })).toBe(false);
  });

  it('wrap lists in the envelope, with next absent on the last page', () => {
    const SpaceList = ListOf(Space);
    expect(Value.Check(SpaceList, { items: [space], next: { page: 'cursor' } })).toBe(true);
    expect(Value.Check(SpaceList, { items: [], count: 0 })).toBe(true);
    expect(Value.Check(SpaceList, { items: [{ id: 's1' }] })).toBe(false);
    expect((SpaceList as { title?: string }).title).toBe('SpaceList');
  });

  it('shape errors as {error: {code, message}}', () => {
    expect(Value.Check(ErrorBody, { error: { code: 404, message: 'Space not found' } })).toBe(true);
    expect(Value.Check(ErrorBody, { error: { code: 200, message: 'ok' } })).toBe(false);
    expect(Value.Check(ErrorBody, { message: 'Space not found' })).toBe(false);
  });
});
