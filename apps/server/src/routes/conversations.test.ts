import {
  Conversation,
  ConversationDetails,
  ConversationIssueEntry,
  IssuesCluster,
  ListOf,
  type Space,
} from '@docsync/api';
import { createHttpClient, type HttpClient } from '@docsync/test-utils';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintIntegrationToken } from '../auth/integration-tokens.js';
import { seedMember, seedOrganization, seedUser } from '../testing/seed.js';
import { commitOid, sendTree, textBlob } from '../testing/send-tree.js';
import { startTestServer, testDialects, type TestServer } from '../testing/start-test-server.js';
import { waitForAnalysis } from '../testing/wait-for-analysis.js';

type Listed<Item> = { items: Item[]; count?: number; next?: { page: string } };

/** The help pages the organization publishes: widgets and backups are answered. */
const help = [
  textBlob('README.md', '# Help\n\nWelcome to the launcher help.\n'),
  textBlob(
    'SUMMARY.md',
    '# Table of contents\n\n* [Help](README.md)\n* [Widgets](widgets.md)\n* [Backups](backups.md)\n',
  ),
  textBlob(
    'widgets.md',
    '# Widgets\n\n## Widget data not updating\n\nResize the widget, then clear the cache of the app that provides the widget.\n',
  ),
  textBlob(
    'backups.md',
    '# Backups\n\n## Restore a backup\n\nOpen settings, tap backup, then restore the backup file of your home screen layout.\n',
  ),
];

/** A ticket: the customer's question in a message, a reply from the team. */
const ticket = (id: string, question: string, extra: Record<string, unknown> = {}) => ({
  id,
  subject: `Ticket ${id}`,
  parts: [
    { type: 'message', role: 'user', body: `Hi team, ${question} Thanks!` },
    { type: 'message', role: 'team-member', body: 'Thanks, we are looking into it.' },
  ],
  metadata: { url: `https://desk.example.com/t/${id}`, createdAt: '2024-12-30T10:00:00.000Z' },
  ...extra,
});

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`conversations over HTTP (${dialect})`, () => {
    let server: TestServer;
    let org: string;
    let editor: HttpClient;
    let creator: HttpClient;
    let reader: HttpClient;
    let stranger: HttpClient;
    const path = (rest = '') => `/v1/orgs/${org}${rest}`;
    const ingest = (body: unknown, http?: HttpClient) =>
      (http ?? server.http).request('POST', path('/conversations'), { body });
    const settle = () => waitForAnalysis(server.db, org);
    const issues = async (query = '') =>
      (await server.http.get(path(`/conversations-issues${query}`)))
        .body as Listed<ConversationIssueEntry>;

    beforeAll(async () => {
      server = await startTestServer({ dialect, jobs: { pollMs: 20 } });
      org = server.organizationId;
      const member = async (email: string, role: string) => {
        const user = await seedUser(server.db, server.clock, { email });
        await seedMember(server.db, server.clock, org, user.userId, role);
        return createHttpClient(server.baseUrl, user.token);
      };
      editor = await member('editor@example.com', 'edit');
      creator = await member('creator@example.com', 'create');
      reader = await member('reader@example.com', 'read');
      const outsider = await seedUser(server.db, server.clock, { email: 'x@other.example' });
      const other = await seedOrganization(server.db, server.clock);
      await seedMember(server.db, server.clock, other, outsider.userId, 'admin');
      stranger = createHttpClient(server.baseUrl, outsider.token);
      const created = await server.http.request('POST', path('/spaces'), {
        body: { title: 'Help' },
      });
      const sent = await sendTree(server.http, (created.body as Space).id, help, {
        oid: commitOid(1),
        message: 'help',
      });
      expect(sent.status, sent.text).toBe(204);
    });
    afterAll(async () => {
      await server.close();
    });

    it('ingests one conversation or an array with 204, and analyses them in the background', async () => {
      const one = await ingest(ticket('1', 'Why is my widget data not updating?'));
      expect(one.status, one.text).toBe(204);
      expect(one.text).toBe('');
      const many = await ingest([
        ticket('2', 'How do I hide apps from the drawer with a password?'),
        ticket('3', 'Can I lock hidden apps with a password?'),
        ticket('4', 'How do I restore a backup of my home screen layout?'),
        {
          ...ticket('5', ''),
          parts: [
            {
              type: 'message',
              role: 'user',
              body: '<div><p>你好，</p><p><b>如何隐藏应用并用密码锁定？</b></p></div>',
            },
          ],
        },
      ]);
      expect(many.status, many.text).toBe(204);
      await settle();

      const listed = await server.http.get(path('/conversations'));
      expect(listed.status).toBe(200);
      expect(Value.Check(ListOf(Conversation), listed.body)).toBe(true);
      const conversations = (listed.body as Listed<Conversation>).items;
      expect(conversations).toHaveLength(5);
      expect(conversations[0]).toMatchObject({
        object: 'conversation',
        source: 'email',
        subject: expect.stringMatching(/^Ticket /) as unknown,
        createdAt: '2024-12-30T10:00:00.000Z',
        processedAt: server.clock.now().toISOString(),
      });

      // The widget and backup questions are answered by a page; the others become issues.
      const found = await issues();
      expect(Value.Check(ListOf(ConversationIssueEntry), found)).toBe(true);
      const titles = found.items.map((entry) => entry.issue.title).sort();
      expect(titles).toEqual([
        'Can I lock hidden apps with a password?',
        'How do I hide apps from the drawer with a password?',
        '如何隐藏应用并用密码锁定？',
      ]);
      const hide = found.items.find((entry) => entry.issue.title.startsWith('How do I hide'));
      expect(hide?.issue).toMatchObject({
        object: 'conversation-issue',
        ingestedAt: server.clock.now().toISOString(),
        createdAt: '2024-12-30T10:00:00.000Z',
        urls: {
          location: `${server.baseUrl}${path(`/conversations-issues/${hide?.issue.id ?? ''}`)}`,
        },
      });
      expect(hide?.conversation.urls.source).toBe('https://desk.example.com/t/2');
      // The two English questions about hiding apps share a cluster; Chinese has its own.
      const lock = found.items.find((entry) => entry.issue.title.startsWith('Can I lock'));
      const chinese = found.items.find((entry) => entry.issue.title.startsWith('如何'));
      expect(hide?.issue.cluster).toBeDefined();
      expect(lock?.issue.cluster).toBe(hide?.issue.cluster);
      expect(chinese?.issue.cluster).not.toBe(hide?.issue.cluster);
    });

    it('gets a conversation with its parts and metadata, and an issue with its conversation', async () => {
      const found = await issues();
      const entry = found.items.find(
        (item) => item.conversation.urls.source === 'https://desk.example.com/t/2',
      );
      const got = await server.http.get(path(`/conversations-issues/${entry?.issue.id ?? ''}`));
      expect(got.status).toBe(200);
      expect(got.body).toEqual(entry);
      const conversation = await server.http.get(
        path(`/conversations/${entry?.conversation.id ?? ''}`),
      );
      expect(conversation.status).toBe(200);
      expect(Value.Check(ConversationDetails, conversation.body)).toBe(true);
      expect(conversation.body).toMatchObject({
        conversation: entry?.conversation,
        parts: [{ type: 'message', role: 'user' }, expect.anything() as unknown],
        metadata: { attributes: {}, createdAt: '2024-12-30T10:00:00.000Z' },
      });
      expect((await server.http.get(path('/conversations/nope'))).body).toEqual({
        error: { code: 404, message: 'Conversation not found' },
      });
      expect((await server.http.get(path('/conversations-issues/nope'))).status).toBe(404);
    });

    it('lists clusters with 13 weeks of pulse, sources and stats; filters issues by cluster and conversation', async () => {
      server.clock.set(new Date('2025-01-01T00:00:00.000Z'));
      const listed = await server.http.get(path('/conversations-clusters?orderBy=issues'));
      expect(listed.status).toBe(200);
      expect(Value.Check(ListOf(IssuesCluster), listed.body)).toBe(true);
      const [biggest, smaller] = (listed.body as Listed<IssuesCluster>).items;
      expect(biggest).toMatchObject({
        object: 'issues-cluster',
        stats: { issues: 2, conversations: 2 },
        sources: { email: 2 },
        weeklyPulse: [...Array<number>(12).fill(0), 2],
      });
      expect(biggest?.label).toContain('password');
      expect(smaller?.stats).toMatchObject({ issues: 1, conversations: 1, tasksTotal: 0 });
      const ofCluster = await issues(`?cluster=${biggest?.id ?? ''}`);
      expect(ofCluster.items.map((entry) => entry.issue.cluster)).toEqual([
        biggest?.id,
        biggest?.id,
      ]);
      const ofConversation = await issues(
        `?conversation=${ofCluster.items[0]?.conversation.id ?? ''}`,
      );
      expect(ofConversation.items).toHaveLength(1);
      // Its link lists its issues.
      const link = await server.http.get(
        (biggest?.urls.location ?? '').slice(server.baseUrl.length),
      );
      expect((link.body as Listed<ConversationIssueEntry>).items).toHaveLength(2);
      const ascending = await server.http.get(
        path('/conversations-clusters?orderBy=issues&order=asc&limit=1'),
      );
      const page = ascending.body as Listed<IssuesCluster>;
      expect(page.items[0]?.stats.issues).toBe(1);
      const next = await server.http.get(
        path(
          `/conversations-clusters?orderBy=issues&order=asc&limit=1&page=${page.next?.page ?? ''}`,
        ),
      );
      expect((next.body as Listed<IssuesCluster>).items[0]?.id).toBe(biggest?.id);
      // A cursor of one order is not one of another.
      const mixed = await server.http.get(
        path(`/conversations-clusters?orderBy=updatedAt&page=${page.next?.page ?? ''}`),
      );
      expect(mixed.status).toBe(400);
    });

    it('re-ingesting is idempotent; a changed conversation is analysed again, replacing its issues', async () => {
      const before = await issues();
      const again = await ingest([
        ticket('1', 'Why is my widget data not updating?'),
        ticket('2', 'How do I hide apps from the drawer with a password?'),
      ]);
      expect(again.status).toBe(204);
      const waiting = await server.db
        .selectFrom('conversations')
        .select('id')
        .where('processed_at', 'is', null)
        .execute();
      expect(waiting).toEqual([]);
      expect((await server.http.get(path('/conversations'))).body).toMatchObject({ count: 5 });
      expect(await issues()).toEqual(before);

      // Ticket 2 gets a new message: its issue is found again, the rest stays.
      const changed = ticket('2', 'How do I hide apps from the drawer with a password?');
      changed.parts.push({
        type: 'message',
        role: 'user',
        body: 'Also, can hidden apps be locked with a fingerprint?',
      });
      expect((await ingest(changed)).status).toBe(204);
      await settle();
      const after = await issues();
      expect(after.items.length).toBe(before.items.length + 1);
      const ofTwo = after.items.filter(
        (entry) => entry.conversation.urls.source === 'https://desk.example.com/t/2',
      );
      expect(ofTwo.map((entry) => entry.issue.title).sort()).toEqual([
        'Can hidden apps be locked with a fingerprint?',
        'How do I hide apps from the drawer with a password?',
      ]);
      const clusters = (await server.http.get(path('/conversations-clusters?orderBy=issues')))
        .body as Listed<IssuesCluster>;
      expect(clusters.items[0]?.stats).toMatchObject({ issues: 3, conversations: 2 });
      // Only the metadata attributes changed: stored, no new analysis.
      const attributed = ticket('2', 'How do I hide apps from the drawer with a password?');
      attributed.parts = changed.parts;
      attributed.metadata = { ...attributed.metadata, attributes: { plan: 'pro' } } as never;
      expect((await ingest(attributed)).status).toBe(204);
      const details = await server.http.get(
        path(`/conversations/${ofTwo[0]?.conversation.id ?? ''}`),
      );
      expect((details.body as ConversationDetails).metadata.attributes).toEqual({ plan: 'pro' });
      expect(await issues()).toEqual(after);
    });

    it('answers bad input with 400 and stores nothing of it', async () => {
      const count = async () =>
        ((await server.http.get(path('/conversations'))).body as Listed<Conversation>).count;
      const before = await count();
      const cases: [unknown, string][] = [
        [{ subject: 'no id', parts: [] }, 'id'],
        [{ id: '', parts: [] }, 'id'],
        [{ id: 'x'.repeat(256), parts: [] }, 'id'],
        [{ id: 'a', subject: 's'.repeat(513), parts: [] }, 'subject'],
        [{ id: 'a', parts: [{ type: 'message', role: 'robot', body: 'hi' }] }, 'role'],
        [{ id: 'a', parts: [{ type: 'note', role: 'user', body: 'hi' }] }, 'type'],
        [{ id: 'a', parts: [], metadata: { createdAt: 'yesterday' } }, 'createdAt'],
        [[], ''],
        [Array.from({ length: 101 }, (_, i) => ticket(`bulk-${String(i)}`, 'Why?')), ''],
        ['just text', ''],
      ];
      for (const [body, field] of cases) {
        const answer = await ingest(body);
        expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect((answer.body as { error: { message: string } }).error.message).toContain(field);
      }
      expect((await server.http.get(path('/conversations-clusters?orderBy=size'))).status).toBe(
        400,
      );
      expect((await server.http.get(path('/conversations?limit=0'))).status).toBe(400);
      expect(await count()).toBe(before);
    });

    it('lets admins and editors read, creators and admins ingest; others get 403, strangers 404', async () => {
      for (const reading of [
        '/conversations',
        '/conversations-issues',
        '/conversations-clusters',
      ]) {
        expect((await editor.get(path(reading))).status).toBe(200);
        expect((await reader.get(path(reading))).status).toBe(403);
        expect((await stranger.get(path(reading))).status).toBe(404);
      }
      expect((await ingest(ticket('e', 'Why?'), editor)).status).toBe(403);
      expect((await ingest(ticket('s', 'Why?'), stranger)).status).toBe(404);
      expect(
        (await ingest(ticket('c', 'How do I rotate my tablet to landscape?'), creator)).status,
      ).toBe(204);
      const readOnly = await server.http.request('POST', '/v1/user/tokens', {
        body: { name: 'reader', scope: 'read-only' },
      });
      expect(readOnly.status).toBe(201);
      const http = createHttpClient(server.baseUrl, (readOnly.body as { token: string }).token);
      expect((await ingest(ticket('r', 'Why?'), http)).status).toBe(403);
      await settle();
    });

    it('ingests through an installation granted `conversations:ingest`, as its integration’s source; others may not', async () => {
      const publish = (name: string, scopes: string[]) =>
        server.http.request('POST', `/v1/integrations/${name}`, {
          body: {
            runtime: 'v2',
            title: name,
            description: '',
            scopes,
            organization: org,
            script: 'export default { fetch: () => new Response("ok") };',
            visibility: 'private',
          },
        });
      const tokenOf = async (name: string, scopes: string[]) => {
        expect((await publish(name, scopes)).status).toBeLessThan(300);
        const installed = await server.http.request(
          'POST',
          `/v1/integrations/${name}/installations`,
          { body: { organization: org } },
        );
        expect(installed.status, installed.text).toBe(201);
        const row = await server.db
          .selectFrom('integration_installations')
          .innerJoin('integrations', 'integrations.id', 'integration_installations.integration_id')
          .select([
            'integrations.id as integration',
            'integration_installations.id as installation',
          ])
          .where('integrations.name', '=', name)
          .executeTakeFirstOrThrow();
        return createHttpClient(
          server.baseUrl,
          await mintIntegrationToken(
            server.db,
            { integrationId: row.integration, installationId: row.installation },
            { clock: server.clock, ids: () => `token-${name}` },
          ),
        );
      };
      const desk = await tokenOf('help-desk', ['conversations:ingest']);
      const other = await tokenOf('other-tool', ['space:content:read']);
      // The same id at another source is another conversation.
      expect(
        (await ingest(ticket('1', 'How do I change the font of icon labels?'), desk)).status,
      ).toBe(204);
      expect((await ingest(ticket('9', 'Why?'), other)).body).toEqual({
        error: {
          code: 403,
          message: 'The installation was not granted the `conversations:ingest` scope',
        },
      });
      // Reading conversations is for people, not installations.
      expect((await desk.get(path('/conversations'))).status).toBe(403);
      await settle();
      const fromDesk = await server.http.get(path('/conversations?source=help-desk'));
      expect((fromDesk.body as Listed<Conversation>).items.map((item) => item.source)).toEqual([
        'help-desk',
      ]);
      expect(
        ((await server.http.get(path('/conversations'))).body as Listed<Conversation>).count,
      ).toBe(7);
    });
  });
}
