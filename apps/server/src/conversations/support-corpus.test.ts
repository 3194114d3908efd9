/**
 * The analysis on ~300 generated support tickets (`testing/support-conversations.ts`) against a
 * real help space (../shared/corpora/lawnchair-docs/help, imported as Git Sync sends it; the
 * test is skipped only when that folder is absent): tickets the pages answer make no issue, and
 * the issues of the others cluster into the topics and languages they were planted with,
 * measured as pairwise precision and recall (printed; each must reach 0.8).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConversationIssueEntry, IssuesCluster, Space } from '@docsync/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllPages } from '../testing/read-all-pages.js';
import { commitOid, readTreeFromDisk, sendTree } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';
import {
  supportConversations,
  type PlantedConversation,
} from '../testing/support-conversations.js';
import { waitForAnalysis } from '../testing/wait-for-analysis.js';

const corpus = fileURLToPath(
  new URL('../../../../../shared/corpora/lawnchair-docs/help', import.meta.url),
);
/** Fixed in CI; `CONVERSATIONS_SEED` tries another (it is printed with the scores). */
const SEED = Number(process.env['CONVERSATIONS_SEED'] ?? 27);

/**
 * Pairwise precision and recall of a clustering against planted `topic/language` labels. A pair
 * of one topic in two languages counts neither way: terms compared by spelling cannot be asked
 * to join languages, but product names they share (`At a Glance`, `Celsius`) may rightly do so.
 */
export function pairwiseScores(items: readonly { cluster: string; label: string }[]): {
  precision: number;
  recall: number;
} {
  let together = 0;
  let sameLabel = 0;
  let both = 0;
  for (let i = 0; i < items.length; i += 1)
    for (let j = i + 1; j < items.length; j += 1) {
      const a = items[i];
      const b = items[j];
      if (a === undefined || b === undefined) continue;
      const [topicA, languageA] = a.label.split('/');
      const [topicB, languageB] = b.label.split('/');
      if (topicA === topicB && languageA !== languageB) continue;
      const clustered = a.cluster === b.cluster;
      const labelled = a.label === b.label;
      if (clustered) together += 1;
      if (labelled) sameLabel += 1;
      if (clustered && labelled) both += 1;
    }
  return {
    precision: together === 0 ? 1 : both / together,
    recall: sameLabel === 0 ? 1 : both / sameLabel,
  };
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip || !existsSync(corpus))(
    `support tickets on lawnchair help (${dialect})`,
    () => {
      let server: TestServer;
      let planted: PlantedConversation[];
      let entries: ConversationIssueEntry[];
      const org = () => `/v1/orgs/${server.organizationId}`;

      beforeAll(async () => {
        server = await startTestServer({ dialect, jobs: { pollMs: 20 } });
        const created = await server.http.request('POST', `${org()}/spaces`, {
          body: { title: 'Lawnchair help' },
        });
        const space = created.body as Space;
        const sent = await sendTree(server.http, space.id, readTreeFromDisk(corpus), {
          oid: commitOid(1),
          message: 'import',
        });
        expect(sent.status, sent.text).toBe(204);
        planted = supportConversations(300, { seed: SEED, until: server.clock.now() });
        for (let start = 0; start < planted.length; start += 100) {
          const batch = planted.slice(start, start + 100).map((conversation) => conversation.input);
          const ingested = await server.http.request('POST', `${org()}/conversations`, {
            body: batch,
          });
          expect(ingested.status, ingested.text).toBe(204);
        }
        await waitForAnalysis(server.db, server.organizationId);
        entries = (
          await readAllPages<ConversationIssueEntry>(server.http, `${org()}/conversations-issues`, {
            limit: 1000,
          })
        ).items;
      }, 180_000);
      afterAll(async () => {
        await server.close();
      });

      it('finds issues in unanswered tickets only, clustered by planted topic', () => {
        const labelOf = new Map(
          planted.map((conversation) => [conversation.input.metadata?.url, conversation.label]),
        );
        const unansweredTickets = planted.filter(
          (conversation) => conversation.label !== 'answered',
        );
        const issues = entries.map((entry) => ({
          cluster: entry.issue.cluster ?? '',
          label: labelOf.get(entry.conversation.urls.source) ?? 'unknown',
          conversation: entry.conversation.id,
        }));
        const falseIssues = issues.filter((issue) => issue.label === 'answered');
        const withIssue = new Set(
          issues.filter((issue) => issue.label !== 'answered').map((issue) => issue.conversation),
        );
        const planted_ = issues.filter((issue) => issue.label !== 'answered');
        const { precision, recall } = pairwiseScores(planted_);
        const clusters = new Set(issues.map((issue) => issue.cluster));
        console.info(
          `[${dialect}] ${String(planted.length)} tickets (${String(unansweredTickets.length)} unanswered), ` +
            `${String(issues.length)} issues, ${String(falseIssues.length)} from answered tickets, ` +
            `${String(withIssue.size)} unanswered tickets with an issue, ${String(clusters.size)} clusters; ` +
            `clustering precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (seed ${String(SEED)})`,
        );
        expect(issues.every((issue) => issue.label !== 'unknown')).toBe(true);
        // Answered tickets: at most 5 % of them raise an issue; unanswered: at least 90 % do (the
        // ones that do not ask in the words of a page that answers something else: "Can I sort the
        // app drawer into categories or tabs?" beside the search page's "result categories" and
        // "Dock tab").
        const answered = planted.length - unansweredTickets.length;
        expect(falseIssues.length).toBeLessThanOrEqual(Math.floor(answered * 0.05));
        expect(withIssue.size).toBeGreaterThanOrEqual(Math.ceil(unansweredTickets.length * 0.9));
        expect(precision).toBeGreaterThanOrEqual(0.8);
        expect(recall).toBeGreaterThanOrEqual(0.8);
      });

      it('lists clusters labelled by their top terms, with 13 weeks of pulse', async () => {
        const clusters = (
          await readAllPages<IssuesCluster>(server.http, `${org()}/conversations-clusters`, {
            limit: 1000,
            query: { orderBy: 'issues' },
          })
        ).items;
        const biggest = clusters[0];
        expect(biggest).toBeDefined();
        expect(biggest?.weeklyPulse).toHaveLength(13);
        expect(biggest?.weeklyPulse.reduce((sum, week) => sum + week, 0)).toBe(
          biggest?.stats.issues,
        );
        expect(biggest?.sources).toEqual({ email: biggest?.stats.issues });
        const labels = clusters.map((cluster) => cluster.label).join(' | ');
        for (const term of ['weather', 'notification', 'landscape', '隐藏', 'ドロワー'])
          expect(labels).toContain(term);
      });
    },
  );
}
