import { Type, type Static } from 'typebox';
import { DateTime, ListQuery, StringEnum, Uri, Urls } from './common.js';

/** A group of similar issues found in conversations. */
export const IssuesCluster = Type.Object(
  {
    object: Type.Literal('issues-cluster'),
    id: Type.String(),
    label: Type.String(),
    createdAt: DateTime(),
    updatedAt: DateTime(),
    icon: Type.Optional(Type.String({ maxLength: 50, description: 'Icon name.' })),
    summary: Type.String(),
    weeklyPulse: Type.Array(Type.Number(), {
      minItems: 13,
      maxItems: 13,
      description: 'Issues per week over the past 3 months, oldest first.',
    }),
    sources: Type.Record(Type.String(), Type.Number()),
    stats: Type.Object({
      issues: Type.Number(),
      conversations: Type.Number(),
      // The official client's agent tasks: docsync has none, so they are 0.
      tasksTotal: Type.Number(),
      tasksBacklog: Type.Number(),
      tasksStarted: Type.Number(),
      tasksCompleted: Type.Number(),
      tasksCancelled: Type.Number(),
    }),
    urls: Urls(['location', 'app']),
  },
  { title: 'IssuesCluster' },
);
/** A group of similar issues. */
export type IssuesCluster = Static<typeof IssuesCluster>;

/** A conversation ingested from a support or chat source. */
export const Conversation = Type.Object(
  {
    object: Type.Literal('conversation'),
    id: Type.String(),
    subject: Type.Optional(Type.String()),
    createdAt: DateTime(),
    processedAt: Type.Optional(DateTime()),
    source: Type.String({ description: 'Identifier of the source it came from.' }),
    urls: Urls(['location'], ['source']),
  },
  { title: 'Conversation' },
);
/** A conversation. */
export type Conversation = Static<typeof Conversation>;

/** A documentation issue found in a conversation. */
export const ConversationIssue = Type.Object(
  {
    object: Type.Literal('conversation-issue'),
    id: Type.String(),
    title: Type.String(),
    summary: Type.String(),
    createdAt: DateTime(),
    ingestedAt: DateTime(),
    conversation: Type.String({ description: 'Conversation id.' }),
    cluster: Type.Optional(Type.String({ description: 'Issues cluster id.' })),
    urls: Urls(['location']),
  },
  { title: 'ConversationIssue' },
);
/** A documentation issue found in a conversation. */
export type ConversationIssue = Static<typeof ConversationIssue>;

/** One message of a conversation. */
export const ConversationPart = Type.Object(
  {
    type: Type.Literal('message'),
    role: StringEnum(['user', 'assistant', 'team-member'], {
      description: 'Who wrote it: the customer (`user`), a bot (`assistant`) or the support team.',
    }),
    body: Type.String({ description: 'Markdown or HTML.' }),
  },
  { title: 'ConversationPart' },
);

/** Where a conversation happened and what is known about it. */
export const ConversationMetadata = Type.Object(
  {
    url: Type.Optional(Uri()),
    attributes: Type.Optional(Type.Record(Type.String(), Type.String())),
    createdAt: Type.Optional(DateTime()),
  },
  { title: 'ConversationMetadata' },
);

/** A conversation to ingest. */
export const ConversationInput = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 255,
      description: "The conversation's id at its source.",
    }),
    metadata: Type.Optional(ConversationMetadata),
    subject: Type.Optional(Type.String({ maxLength: 512 })),
    parts: Type.Array(ConversationPart),
  },
  { title: 'ConversationInput' },
);
/** A conversation to ingest. */
export type ConversationInput = Static<typeof ConversationInput>;

/** The most conversations one ingest request takes. */
export const MAX_INGESTED_CONVERSATIONS = 100;

/** Ingest one conversation, or several at once. */
export const IngestConversationBody = Type.Union(
  [
    ConversationInput,
    Type.Array(ConversationInput, { minItems: 1, maxItems: MAX_INGESTED_CONVERSATIONS }),
  ],
  { title: 'IngestConversationBody' },
);
/** Ingest one conversation, or several at once. */
export type IngestConversationBody = Static<typeof IngestConversationBody>;

/** An issue with the conversation it came from. */
export const ConversationIssueEntry = Type.Object(
  { issue: ConversationIssue, conversation: Conversation },
  { title: 'ConversationIssueEntry' },
);
/** An issue with the conversation it came from. */
export type ConversationIssueEntry = Static<typeof ConversationIssueEntry>;

/** A conversation with its messages and metadata. */
export const ConversationDetails = Type.Object(
  {
    conversation: Conversation,
    parts: Type.Array(ConversationPart),
    metadata: ConversationMetadata,
  },
  { title: 'ConversationDetails' },
);
/** A conversation with its messages and metadata. */
export type ConversationDetails = Static<typeof ConversationDetails>;

/** List issue clusters, most recently updated first by default. */
export const ListIssuesClustersQuery = ListQuery({
  order: Type.Optional(StringEnum(['asc', 'desc'], { default: 'desc' })),
  orderBy: Type.Optional(
    StringEnum(['createdAt', 'updatedAt', 'issues', 'conversations'], { default: 'updatedAt' }),
  ),
});

/** List conversations, optionally from one source. */
export const ListConversationsQuery = ListQuery({ source: Type.Optional(Type.String()) });

/** List issues, optionally of one cluster or conversation. */
export const ListConversationIssuesQuery = ListQuery({
  cluster: Type.Optional(Type.String()),
  conversation: Type.Optional(Type.String()),
});
