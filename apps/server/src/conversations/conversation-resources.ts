import type {
  Conversation,
  ConversationDetails,
  ConversationIssue,
  IssuesCluster,
} from '@docsync/api';
import { readJson } from '../resources/json-column.js';
import type { Db } from '../storage/schema.js';
import type { ClusterRow, ConversationRow, IssueRow } from './conversations.js';

/** The icon of every cluster (the API names one per cluster; docsync does not pick per topic). */
const CLUSTER_ICON = 'message-question';

/** The official client's agent task counts: docsync runs no agent tasks. */
const NO_TASKS = {
  tasksTotal: 0,
  tasksBacklog: 0,
  tasksStarted: 0,
  tasksCompleted: 0,
  tasksCancelled: 0,
};

/** Weeks of a cluster's `weeklyPulse`: the past 3 months. */
export const PULSE_WEEKS = 13;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const orgPath = (baseUrl: string, organizationId: string) => `${baseUrl}/v1/orgs/${organizationId}`;

/** A conversation as the API shows it. */
export function conversationResource(row: ConversationRow, baseUrl: string): Conversation {
  return {
    object: 'conversation',
    id: row.id,
    ...(row.subject === null ? {} : { subject: row.subject }),
    createdAt: row.created_at,
    ...(row.processed_at === null ? {} : { processedAt: row.processed_at }),
    source: row.source,
    urls: {
      location: `${orgPath(baseUrl, row.organization_id)}/conversations/${row.id}`,
      ...(row.url === null ? {} : { source: row.url }),
    },
  };
}

/** A conversation with its messages and metadata. */
export function conversationDetails(row: ConversationRow, baseUrl: string): ConversationDetails {
  const attributes = readJson(row.attributes) as Record<string, string>;
  return {
    conversation: conversationResource(row, baseUrl),
    parts: readJson(row.parts) as ConversationDetails['parts'],
    metadata: {
      ...(row.url === null ? {} : { url: row.url }),
      attributes,
      createdAt: row.created_at,
    },
  };
}

/** An issue as the API shows it. */
export function issueResource(row: IssueRow, baseUrl: string): ConversationIssue {
  return {
    object: 'conversation-issue',
    id: row.id,
    title: row.title,
    summary: row.summary,
    createdAt: row.created_at,
    ingestedAt: row.ingested_at,
    conversation: row.conversation_id,
    ...(row.cluster_id === null ? {} : { cluster: row.cluster_id }),
    urls: { location: `${orgPath(baseUrl, row.organization_id)}/conversations-issues/${row.id}` },
  };
}

/**
 * Clusters as the API shows them, with what is counted at read time: the issues of each of the
 * past {@link PULSE_WEEKS} weeks (oldest first; the last is the 7 days up to `now`, by when the
 * conversation happened) and the issues by their conversation's source.
 */
export async function clusterResources(
  db: Db,
  rows: readonly ClusterRow[],
  now: Date,
  baseUrl: string,
): Promise<IssuesCluster[]> {
  const ids = rows.map((row) => row.id);
  const since = new Date(now.getTime() - PULSE_WEEKS * WEEK_MS).toISOString();
  const pulses = new Map(ids.map((id) => [id, Array<number>(PULSE_WEEKS).fill(0)]));
  const sources = new Map<string, Record<string, number>>(ids.map((id) => [id, {}]));
  if (ids.length > 0) {
    const recent = await db
      .selectFrom('conversation_issues')
      .select(['cluster_id', 'created_at'])
      .where('cluster_id', 'in', ids)
      .where('created_at', '>', since)
      .execute();
    for (const issue of recent) {
      const weeksAgo = Math.floor((now.getTime() - Date.parse(issue.created_at)) / WEEK_MS);
      const pulse = pulses.get(issue.cluster_id ?? '');
      // A conversation dated after `now` counts in the current week.
      const index = PULSE_WEEKS - 1 - Math.max(0, weeksAgo);
      if (pulse !== undefined && index >= 0) pulse[index] = (pulse[index] ?? 0) + 1;
    }
    const bySource = await db
      .selectFrom('conversation_issues')
      .innerJoin('conversations', 'conversations.id', 'conversation_issues.conversation_id')
      .select((eb) => [
        'conversation_issues.cluster_id',
        'conversations.source',
        eb.fn.countAll<string | number>().as('issues'),
      ])
      .where('conversation_issues.cluster_id', 'in', ids)
      .groupBy(['conversation_issues.cluster_id', 'conversations.source'])
      .execute();
    for (const row of bySource) {
      const counts = sources.get(row.cluster_id ?? '');
      if (counts !== undefined) counts[row.source] = Number(row.issues);
    }
  }
  return rows.map((row) => ({
    object: 'issues-cluster',
    id: row.id,
    label: row.label,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    summary: row.summary,
    weeklyPulse: pulses.get(row.id) ?? Array<number>(PULSE_WEEKS).fill(0),
    sources: sources.get(row.id) ?? {},
    icon: CLUSTER_ICON,
    stats: {
      issues: row.issues,
      conversations: row.conversations,
      ...NO_TASKS,
    },
    urls: {
      // No operation gets one cluster: its link lists its issues.
      location: `${orgPath(baseUrl, row.organization_id)}/conversations-issues?cluster=${row.id}`,
      app: `${baseUrl}/app/o/${row.organization_id}/conversations/clusters/${row.id}`,
    },
  }));
}
