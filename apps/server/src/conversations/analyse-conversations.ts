import type { Insertable } from 'kysely';
import { enqueueJob } from '../jobs/enqueue-job.js';
import type { JobHandler, RunningJob } from '../jobs/job-runner.js';
import { readJson, writeJson } from '../resources/json-column.js';
import type { ServerContext } from '../server-context.js';
import { dialectOf } from '../storage/dialect-of.js';
import type { ConversationIssuesTable, Db } from '../storage/schema.js';
import { ContentSearcher, type ClosestPage } from './closest-pages.js';
import {
  addTerms,
  countIssue,
  describeCluster,
  nearestCluster,
  type ClusterTerms,
  type TermStatistics,
} from './clustering.js';
import {
  ANALYSE_CONVERSATIONS_JOB,
  analyseJobKey,
  hasWaitingConversations,
  type ConversationRow,
} from './conversations.js';
import { extractQuestions, type StoredPart } from './questions.js';
import { countTerms } from './terms.js';

/** Conversations one job analyses; a job that leaves some waiting queues the next. */
export const ANALYSIS_BATCH = 200;

/** Rows per insert: with ten values a row, well under both dialects' limits on parameters. */
const INSERT_BATCH = 100;

/** The longest issue title: a question longer than this is cut at a word. */
const TITLE_LENGTH = 120;

/** A question the content answers poorly, before it is stored and clustered. */
interface FoundIssue {
  conversation: ConversationRow;
  question: string;
  terms: Map<string, number>;
  pages: ClosestPage[];
}

function titleOf(question: string): string {
  if (question.length <= TITLE_LENGTH) return question;
  const cut = question.slice(0, TITLE_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > TITLE_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

function summaryOf(issue: FoundIssue): string {
  const asked =
    issue.conversation.subject === null ? 'Asked' : `Asked in “${issue.conversation.subject}”`;
  const best = issue.pages[0];
  if (best === undefined) return `${asked}: ${issue.question} No published page matches its words.`;
  const titles = issue.pages.map((page) => `“${page.title}”`).join(', ');
  return `${asked}: ${issue.question} The closest pages (${titles}) hold at most ${String(
    Math.round(best.coverage * 100),
  )}% of its words.`;
}

/** A cluster while a batch is placed: its row's figures and whether the batch changed it. */
interface WorkingCluster extends ClusterTerms {
  created: boolean;
  touched: boolean;
  createdAt: string;
}

/**
 * The job that analyses an organization's waiting conversations, a batch at a time: extracts
 * each one's questions, searches the organization's content for each, and keeps the ones the
 * content answers poorly as issues; then, in the transaction that finishes the job, replaces the
 * conversation's earlier issues (it was sent again with new messages) and places each issue in
 * a cluster (see `clustering.ts`). A conversation re-sent while it was analysed is left waiting
 * for the next job, which its ingest queued. Searching happens before the transaction; the
 * clustering, which must see every earlier issue, inside it, with the organization's term
 * statistics locked, so two runners never place issues against the same stale clusters.
 */
export function analyseConversationsHandler(ctx: ServerContext): JobHandler {
  return {
    kind: ANALYSE_CONVERSATIONS_JOB,
    run: async (job) => {
      const { organizationId } = job.payload as { organizationId: string };
      const pending = await ctx.db
        .selectFrom('conversations')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('processed_at', 'is', null)
        // In the order they arrived (ids are random): the same ingests cluster the same way.
        .orderBy('ingested_at')
        .orderBy('source')
        .orderBy('external_id')
        .limit(ANALYSIS_BATCH)
        .execute();
      if (pending.length === 0) return;
      const searcher = new ContentSearcher(ctx, organizationId);
      const found: FoundIssue[] = [];
      for (const conversation of pending) {
        job.signal.throwIfAborted();
        const parts = readJson(conversation.parts) as StoredPart[];
        for (const question of extractQuestions(conversation.subject, parts)) {
          const search = await searcher.search(question.terms);
          if (!search.answered)
            found.push({
              conversation,
              question: question.text,
              terms: countTerms(question.terms),
              pages: search.pages,
            });
        }
      }
      await job.finish((trx) => placeIssues(trx, ctx, job, organizationId, pending, found));
    },
  };
}

async function placeIssues(
  trx: Db,
  ctx: ServerContext,
  job: RunningJob,
  organizationId: string,
  pending: readonly ConversationRow[],
  found: readonly FoundIssue[],
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const postgres = dialectOf(trx) === 'postgres';
  // The organization's statistics row, locked first: placing issues is one runner at a time.
  await trx
    .insertInto('conversation_terms')
    .values({ organization_id: organizationId, issues: 0, frequencies: '{}' })
    .onConflict((conflict) => conflict.column('organization_id').doNothing())
    .execute();
  let statisticsRow = trx
    .selectFrom('conversation_terms')
    .selectAll()
    .where('organization_id', '=', organizationId);
  if (postgres) statisticsRow = statisticsRow.forUpdate();
  const stored = await statisticsRow.executeTakeFirstOrThrow();
  const statistics: TermStatistics = {
    issues: stored.issues,
    frequencies: new Map(Object.entries(readJson(stored.frequencies) as Record<string, number>)),
  };

  // Only conversations unchanged since they were read: a re-sent one waits for the next job.
  const current = new Map(
    (
      await trx
        .selectFrom('conversations')
        .select(['id', 'content_hash', 'processed_at'])
        .where(
          'id',
          'in',
          pending.map((row) => row.id),
        )
        .execute()
    ).map((row) => [row.id, row]),
  );
  const done = new Set(
    pending
      .filter((row) => {
        const now = current.get(row.id);
        return now?.processed_at === null && now.content_hash === row.content_hash;
      })
      .map((row) => row.id),
  );

  const clusters = new Map<string, WorkingCluster>(
    (
      await trx
        .selectFrom('issue_clusters')
        .select(['id', 'terms', 'created_at'])
        .where('organization_id', '=', organizationId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => [
      row.id,
      {
        id: row.id,
        terms: new Map(Object.entries(readJson(row.terms) as Record<string, number>)),
        created: false,
        touched: false,
        createdAt: row.created_at,
      },
    ]),
  );

  // Issues of an earlier analysis of these conversations leave their clusters first.
  if (done.size > 0) {
    const earlier = await trx
      .selectFrom('conversation_issues')
      .select(['id', 'cluster_id', 'terms'])
      .where('conversation_id', 'in', [...done])
      .execute();
    for (const issue of earlier) {
      const terms = new Map(Object.entries(readJson(issue.terms) as Record<string, number>));
      countIssue(statistics, terms, -1);
      const cluster = issue.cluster_id === null ? undefined : clusters.get(issue.cluster_id);
      if (cluster !== undefined) {
        addTerms(cluster, terms, -1);
        cluster.touched = true;
      }
    }
    if (earlier.length > 0)
      await trx
        .deleteFrom('conversation_issues')
        .where('conversation_id', 'in', [...done])
        .execute();
  }

  const placed = [...clusters.values()];
  const issues: Insertable<ConversationIssuesTable>[] = [];
  for (const issue of found) {
    if (!done.has(issue.conversation.id)) continue;
    countIssue(statistics, issue.terms, 1);
    let cluster = nearestCluster(issue.terms, placed, statistics);
    if (cluster === undefined) {
      cluster = { id: ctx.ids(), terms: new Map(), created: true, touched: true, createdAt: now };
      clusters.set(cluster.id, cluster);
      placed.push(cluster);
    }
    addTerms(cluster, issue.terms, 1);
    cluster.touched = true;
    issues.push({
      id: ctx.ids(),
      organization_id: organizationId,
      conversation_id: issue.conversation.id,
      cluster_id: cluster.id,
      title: titleOf(issue.question),
      summary: summaryOf(issue),
      terms: writeJson(Object.fromEntries(issue.terms)),
      pages: writeJson(issue.pages),
      created_at: issue.conversation.created_at,
      ingested_at: now,
    });
  }
  // New clusters first (the issues refer to them); their figures are written below.
  const created = placed.filter((cluster) => cluster.created);
  for (let start = 0; start < created.length; start += INSERT_BATCH)
    await trx
      .insertInto('issue_clusters')
      .values(
        created.slice(start, start + INSERT_BATCH).map((cluster) => ({
          id: cluster.id,
          organization_id: organizationId,
          label: '',
          summary: '',
          terms: '{}',
          issues: 0,
          conversations: 0,
          created_at: cluster.createdAt,
          updated_at: now,
        })),
      )
      .execute();
  for (let start = 0; start < issues.length; start += INSERT_BATCH)
    await trx
      .insertInto('conversation_issues')
      .values(issues.slice(start, start + INSERT_BATCH))
      .execute();

  await saveClusters(trx, organizationId, [...clusters.values()], statistics, now);
  await trx
    .updateTable('conversation_terms')
    .set({
      issues: statistics.issues,
      frequencies: writeJson(Object.fromEntries(statistics.frequencies)),
    })
    .where('organization_id', '=', organizationId)
    .execute();
  if (done.size > 0)
    await trx
      .updateTable('conversations')
      .set({ processed_at: now })
      .where('id', 'in', [...done])
      .execute();
  if (await hasWaitingConversations(trx, organizationId))
    await enqueueJob(
      trx,
      {
        kind: job.kind,
        key: analyseJobKey(organizationId),
        payload: { organizationId },
      },
      ctx,
    );
}

/** Writes the clusters a batch changed: counts, label and summary; an emptied one goes. */
async function saveClusters(
  trx: Db,
  organizationId: string,
  clusters: readonly WorkingCluster[],
  statistics: TermStatistics,
  now: string,
): Promise<void> {
  const touched = clusters.filter((cluster) => cluster.touched);
  if (touched.length === 0) return;
  const counts = new Map(
    (
      await trx
        .selectFrom('conversation_issues')
        .select((eb) => [
          'cluster_id',
          eb.fn.countAll<string | number>().as('issues'),
          eb.fn.count<string | number>('conversation_id').distinct().as('conversations'),
        ])
        .where(
          'cluster_id',
          'in',
          touched.map((cluster) => cluster.id),
        )
        .groupBy('cluster_id')
        .execute()
    ).map((row) => [
      row.cluster_id,
      { issues: Number(row.issues), conversations: Number(row.conversations) },
    ]),
  );
  for (const cluster of touched) {
    const count = counts.get(cluster.id);
    if (count === undefined) {
      await trx.deleteFrom('issue_clusters').where('id', '=', cluster.id).execute();
      continue;
    }
    const { label, summary } = describeCluster(cluster.terms, statistics, count);
    const columns = {
      label,
      summary,
      terms: writeJson(Object.fromEntries(cluster.terms)),
      issues: count.issues,
      conversations: count.conversations,
      updated_at: now,
    };
    await trx.updateTable('issue_clusters').set(columns).where('id', '=', cluster.id).execute();
  }
}
