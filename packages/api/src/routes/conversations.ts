import { ListOf } from '../schemas/common.js';
import {
  Conversation,
  ConversationDetails,
  ConversationIssueEntry,
  IngestConversationBody,
  IssuesCluster,
  ListConversationIssuesQuery,
  ListConversationsQuery,
  ListIssuesClustersQuery,
} from '../schemas/conversation.js';
import { defineRoutes } from './define-routes.js';

const org = '/v1/orgs/{organizationId}';

/** Conversations: ingested, then analysed into issues and issue clusters. */
export const conversationRoutes = defineRoutes('Conversations', [
  {
    operationId: 'listIssuesClusters',
    method: 'GET',
    path: `${org}/conversations-clusters`,
    summary: 'List the issue clusters of an organization.',
    query: ListIssuesClustersQuery,
    responses: { 200: ListOf(IssuesCluster) },
  },
  {
    operationId: 'listConversations',
    method: 'GET',
    path: `${org}/conversations`,
    summary: 'List the ingested conversations of an organization.',
    query: ListConversationsQuery,
    responses: { 200: ListOf(Conversation) },
  },
  {
    operationId: 'ingestConversation',
    method: 'POST',
    path: `${org}/conversations`,
    summary: 'Ingest one conversation or several, to be analysed.',
    body: IngestConversationBody,
    responses: { 204: null },
  },
  {
    operationId: 'listConversationIssues',
    method: 'GET',
    path: `${org}/conversations-issues`,
    summary: 'List the issues found in conversations.',
    query: ListConversationIssuesQuery,
    responses: { 200: ListOf(ConversationIssueEntry) },
  },
  {
    operationId: 'getConversationIssueById',
    method: 'GET',
    path: `${org}/conversations-issues/{issueId}`,
    summary: 'Get an issue with its conversation.',
    responses: { 200: ConversationIssueEntry },
  },
  {
    operationId: 'getConversationById',
    method: 'GET',
    path: `${org}/conversations/{conversationId}`,
    summary: 'Get a conversation with its messages and metadata.',
    responses: { 200: ConversationDetails },
  },
]);
