import { createHash } from 'node:crypto';
import type {
  ConversationInput,
  ListConversationIssuesQuery,
  ListConversationsQuery,
  ListIssuesClustersQuery,
} from '@docsync/api';
import type { Static } from 'typebox';
import type { Selectable } from 'kysely';
import type { Caller } from '../auth/api-tokens.js';
import type { Clock } from '../clock.js';
import { NotFoundError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { listByKeys, type CountedPage } from '../pagination.js';
import { writeJson } from '../resources/json-column.js';
import type {
  ConversationIssuesTable,
  ConversationsTable,
  Db,
  IssueClustersTable,
} from '../storage/schema.js';

/** A stored conversation, issue and cluster. */
export type ConversationRow = Selectable<ConversationsTable>;
export type IssueRow = Selectable<ConversationIssuesTable>;
export type ClusterRow = Selectable<IssueClustersTable>;

/** The job kind that analyses an organization's waiting conversations. */
export const ANALYSE_CONVERSATIONS_JOB = 'conversations:analyse';

/** The key of an organization's next analysis: one waits at a time, whatever is ingested. */
export function analyseJobKey(organizationId: string): string {
  return `conversations:${organizationId}`;
}

/**
 * The source a caller ingests as. An installation's token (it needs the `conversations:ingest`
 * scope) ingests as its integration, by name; a person's token as `email`, the one source of the
 * client's `ConversationSource` that is no integration: conversations a person or their script
 * hands over, as the service's agent mailbox would. The body cannot choose: a source is who sent
 * it, so one integration cannot overwrite another's conversations.
 */
export async function ingestSource(db: Db, caller: Caller): Promise<string> {
  if (caller.integration === undefined) return 'email';
  const integration = await db
    .selectFrom('integrations')
    .select('name')
    .where('id', '=', caller.integration.integrationId)
    .executeTakeFirst();
  if (integration === undefined) throw new NotFoundError('Integration');
  return integration.name;
}

function contentHash(input: ConversationInput): string {
  return createHash('sha256')
    .update(
      writeJson([
        input.subject ?? null,
        input.parts,
        input.metadata?.url ?? null,
        input.metadata?.createdAt ?? null,
      ]),
    )
    .digest('hex');
}

/**
 * Stores conversations, each by (organization, source, id at the source): a new one is added,
 * one sent before is updated only if its subject, messages, link or date changed (and is then
 * analysed again), an unchanged one is left as it is. Queues the organization's analysis in the
 * same transaction when anything waits for one. Returns how many now wait.
 */
export async function ingestConversations(
  db: Db,
  organizationId: string,
  source: string,
  inputs: readonly ConversationInput[],
  options: { clock: Clock; ids: IdGenerator },
): Promise<number> {
  // The same conversation twice in one request: the last one sent is the one kept.
  const byId = new Map(inputs.map((input) => [input.id, input]));
  const now = options.clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const existing = new Map(
      (
        await trx
          .selectFrom('conversations')
          .select(['id', 'external_id', 'content_hash', 'attributes'])
          .where('organization_id', '=', organizationId)
          .where('source', '=', source)
          .where('external_id', 'in', [...byId.keys()])
          .execute()
      ).map((row) => [row.external_id, row]),
    );
    let changed = 0;
    for (const input of byId.values()) {
      const hash = contentHash(input);
      const attributes = writeJson(input.metadata?.attributes ?? {});
      const known = existing.get(input.id);
      const columns = {
        subject: input.subject ?? null,
        url: input.metadata?.url ?? null,
        attributes,
        parts: writeJson(input.parts),
        content_hash: hash,
        // One form (UTC, milliseconds) so dates sort as text.
        created_at:
          input.metadata?.createdAt === undefined
            ? now
            : new Date(input.metadata.createdAt).toISOString(),
      };
      if (known === undefined) {
        await trx
          .insertInto('conversations')
          .values({
            id: options.ids(),
            organization_id: organizationId,
            source,
            external_id: input.id,
            ...columns,
            ingested_at: now,
            processed_at: null,
          })
          // A concurrent ingest of the same one: theirs stands, as a re-send would leave it.
          .onConflict((conflict) =>
            conflict.columns(['organization_id', 'source', 'external_id']).doNothing(),
          )
          .execute();
        changed += 1;
      } else if (known.content_hash !== hash) {
        await trx
          .updateTable('conversations')
          .set({ ...columns, ingested_at: now, processed_at: null })
          .where('id', '=', known.id)
          .execute();
        changed += 1;
      } else if (known.attributes !== attributes) {
        // Attributes do not change what the analysis finds: kept without a new analysis.
        await trx
          .updateTable('conversations')
          .set({ attributes })
          .where('id', '=', known.id)
          .execute();
      }
    }
    if (changed > 0)
      await enqueueJob(
        trx,
        {
          kind: ANALYSE_CONVERSATIONS_JOB,
          key: analyseJobKey(organizationId),
          payload: { organizationId },
        },
        options,
      );
    return changed;
  });
}

/** Whether a conversation of the organization waits for an analysis. */
export async function hasWaitingConversations(db: Db, organizationId: string): Promise<boolean> {
  const waiting = await db
    .selectFrom('conversations')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('processed_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return waiting !== undefined;
}

/** A conversation of the organization; 404 "Conversation not found" otherwise. */
export async function requireConversation(
  db: Db,
  organizationId: string,
  id: string,
): Promise<ConversationRow> {
  const row = await db
    .selectFrom('conversations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) throw new NotFoundError('Conversation');
  return row;
}

/** One page of an organization's conversations (of one source), newest first. */
export async function listConversations(
  db: Db,
  organizationId: string,
  query: Static<typeof ListConversationsQuery>,
): Promise<CountedPage<ConversationRow>> {
  const matching = db
    .selectFrom('conversations')
    .where('conversations.organization_id', '=', organizationId)
    .$if(query.source !== undefined, (q) =>
      q.where('conversations.source', '=', query.source ?? ''),
    );
  return listByKeys(query, matching, (q) => q.selectAll('conversations'), {
    columns: ['conversations.created_at', 'conversations.id'],
    keyOf: (row) => [row.created_at, row.id],
    descending: true,
  });
}

/** An issue of the organization with its conversation; 404 "Conversation issue not found". */
export async function requireIssue(
  db: Db,
  organizationId: string,
  id: string,
): Promise<{ issue: IssueRow; conversation: ConversationRow }> {
  const issue = await db
    .selectFrom('conversation_issues')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (issue === undefined) throw new NotFoundError('Conversation issue');
  return {
    issue,
    conversation: await requireConversation(db, organizationId, issue.conversation_id),
  };
}

/** One page of an organization's issues (of a cluster, of a conversation), newest first. */
export async function listIssues(
  db: Db,
  organizationId: string,
  query: Static<typeof ListConversationIssuesQuery>,
): Promise<CountedPage<{ issue: IssueRow; conversation: ConversationRow }>> {
  const matching = db
    .selectFrom('conversation_issues')
    .where('conversation_issues.organization_id', '=', organizationId)
    .$if(query.cluster !== undefined, (q) =>
      q.where('conversation_issues.cluster_id', '=', query.cluster ?? ''),
    )
    .$if(query.conversation !== undefined, (q) =>
      q.where('conversation_issues.conversation_id', '=', query.conversation ?? ''),
    );
  const page = await listByKeys(query, matching, (q) => q.selectAll('conversation_issues'), {
    columns: ['conversation_issues.created_at', 'conversation_issues.id'],
    keyOf: (row) => [row.created_at, row.id],
    descending: true,
  });
  const ids = [...new Set(page.rows.map((row) => row.conversation_id))];
  const conversations = new Map(
    ids.length === 0
      ? []
      : (await db.selectFrom('conversations').selectAll().where('id', 'in', ids).execute()).map(
          (row) => [row.id, row],
        ),
  );
  return {
    ...page,
    rows: page.rows.flatMap((issue) => {
      const conversation = conversations.get(issue.conversation_id);
      return conversation === undefined ? [] : [{ issue, conversation }];
    }),
  };
}

const CLUSTER_ORDER = {
  createdAt: 'issue_clusters.created_at',
  updatedAt: 'issue_clusters.updated_at',
  issues: 'issue_clusters.issues',
  conversations: 'issue_clusters.conversations',
} as const;

/** One page of an organization's clusters in the order asked for (default: last updated first). */
export async function listClusters(
  db: Db,
  organizationId: string,
  query: Static<typeof ListIssuesClustersQuery>,
): Promise<CountedPage<ClusterRow>> {
  const orderBy = query.orderBy ?? 'updatedAt';
  const order = query.order ?? 'desc';
  const matching = db
    .selectFrom('issue_clusters')
    .where('issue_clusters.organization_id', '=', organizationId);
  return listByKeys(query, matching, (q) => q.selectAll('issue_clusters'), {
    columns: [CLUSTER_ORDER[orderBy], 'issue_clusters.id'],
    keyOf: (row) => [
      orderBy === 'createdAt'
        ? row.created_at
        : orderBy === 'updatedAt'
          ? row.updated_at
          : row[orderBy],
      row.id,
    ],
    descending: order === 'desc',
    settings: {
      values: [orderBy, order],
      mismatch: () => 'query/page was issued for another `orderBy` or `order`',
    },
  });
}
