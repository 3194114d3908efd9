import {
  Conversation,
  ConversationDetails,
  ConversationIssueEntry,
  IngestConversationBody,
  IssuesCluster,
  ListConversationIssuesQuery,
  ListConversationsQuery,
  ListIssuesClustersQuery,
  ListOf,
} from '@docsync/api';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import type { Caller } from '../auth/api-tokens.js';
import {
  clusterResources,
  conversationDetails,
  conversationResource,
  issueResource,
} from '../conversations/conversation-resources.js';
import {
  ingestConversations,
  ingestSource,
  listClusters,
  listConversations,
  listIssues,
  requireConversation,
  requireIssue,
} from '../conversations/conversations.js';
import { operation, type Operation } from '../http/operation.js';
import type { ServerContext } from '../server-context.js';

/** 404 unless the caller is in the organization, 403 below `edit`: admins and editors read. */
async function requireReader(ctx: ServerContext, caller: Caller, organizationId: string) {
  const access = await requireOrganization(ctx.db, caller, organizationId);
  requireLevel(access.level, 'edit', 'read conversations');
  return access;
}

/**
 * Conversations of an organization, the issues their analysis finds and the clusters of those
 * issues. Members who may create content (the organization's `ingestConversations`: `create`,
 * `admin`) ingest, through their own token (as source `email`) or an installation's granted
 * `conversations:ingest` (as the integration's name); members from `edit` up read. Ingesting
 * stores and answers 204 at once; the job runner analyses what changed.
 */
export const conversationOperations: readonly Operation[] = [
  operation(
    'listIssuesClusters',
    { params: ['organizationId'], query: ListIssuesClustersQuery, response: ListOf(IssuesCluster) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      await requireReader(ctx, caller, params.organizationId);
      const page = await listClusters(ctx.db, params.organizationId, query);
      return {
        items: await clusterResources(ctx.db, page.rows, ctx.clock.now(), baseUrl),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'listConversations',
    { params: ['organizationId'], query: ListConversationsQuery, response: ListOf(Conversation) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      await requireReader(ctx, caller, params.organizationId);
      const page = await listConversations(ctx.db, params.organizationId, query);
      return {
        items: page.rows.map((row) => conversationResource(row, baseUrl)),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'ingestConversation',
    { params: ['organizationId'], body: IngestConversationBody, response: null },
    async ({ params, body, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'create', 'ingest conversations');
      const source = await ingestSource(ctx.db, caller);
      const inputs = Array.isArray(body) ? body : [body];
      if ((await ingestConversations(ctx.db, params.organizationId, source, inputs, ctx)) > 0)
        ctx.jobs.wake();
      return undefined;
    },
  ),

  operation(
    'listConversationIssues',
    {
      params: ['organizationId'],
      query: ListConversationIssuesQuery,
      response: ListOf(ConversationIssueEntry),
    },
    async ({ params, query, caller, ctx, baseUrl }) => {
      await requireReader(ctx, caller, params.organizationId);
      const page = await listIssues(ctx.db, params.organizationId, query);
      return {
        items: page.rows.map(({ issue, conversation }) => ({
          issue: issueResource(issue, baseUrl),
          conversation: conversationResource(conversation, baseUrl),
        })),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'getConversationIssueById',
    { params: ['organizationId', 'issueId'], response: ConversationIssueEntry },
    async ({ params, caller, ctx, baseUrl }) => {
      await requireReader(ctx, caller, params.organizationId);
      const { issue, conversation } = await requireIssue(
        ctx.db,
        params.organizationId,
        params.issueId,
      );
      return {
        issue: issueResource(issue, baseUrl),
        conversation: conversationResource(conversation, baseUrl),
      };
    },
  ),

  operation(
    'getConversationById',
    { params: ['organizationId', 'conversationId'], response: ConversationDetails },
    async ({ params, caller, ctx, baseUrl }) => {
      await requireReader(ctx, caller, params.organizationId);
      const row = await requireConversation(ctx.db, params.organizationId, params.conversationId);
      return conversationDetails(row, baseUrl);
    },
  ),
];
