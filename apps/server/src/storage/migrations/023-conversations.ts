import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Conversations (issue 27): support conversations an organization ingests (one row per source
 * and id at that source, so re-sending one updates it), the issues their analysis finds (a
 * customer question the published content answers poorly) and the clusters those issues are
 * grouped in, with each organization's term statistics that the clustering weighs terms by.
 */
export const conversations: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('conversations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('external_id', 'text', (c) => c.notNull())
      .addColumn('subject', 'text')
      .addColumn('url', 'text')
      .addColumn('attributes', 'text', (c) => c.notNull())
      .addColumn('parts', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('ingested_at', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'text')
      .execute();
    await db.schema
      .createIndex('conversations_by_source_id')
      .unique()
      .on('conversations')
      .columns(['organization_id', 'source', 'external_id'])
      .execute();
    await db.schema
      .createIndex('conversations_by_time')
      .on('conversations')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('conversations_pending')
      .on('conversations')
      .columns(['organization_id', 'processed_at', 'ingested_at', 'id'])
      .execute();

    await db.schema
      .createTable('issue_clusters')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('terms', 'text', (c) => c.notNull())
      .addColumn('issues', 'integer', (c) => c.notNull())
      .addColumn('conversations', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    for (const column of ['created_at', 'updated_at', 'issues', 'conversations'])
      await db.schema
        .createIndex(`issue_clusters_by_${column}`)
        .on('issue_clusters')
        .columns(['organization_id', column, 'id'])
        .execute();

    await db.schema
      .createTable('conversation_issues')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('conversation_id', 'text', (c) =>
        c.notNull().references('conversations.id').onDelete('cascade'),
      )
      .addColumn('cluster_id', 'text', (c) =>
        c.references('issue_clusters.id').onDelete('set null'),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('terms', 'text', (c) => c.notNull())
      .addColumn('pages', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('ingested_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('conversation_issues_by_time')
      .on('conversation_issues')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('conversation_issues_by_cluster')
      .on('conversation_issues')
      .columns(['cluster_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('conversation_issues_by_conversation')
      .on('conversation_issues')
      .column('conversation_id')
      .execute();

    await db.schema
      .createTable('conversation_terms')
      .addColumn('organization_id', 'text', (c) =>
        c.primaryKey().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('issues', 'integer', (c) => c.notNull())
      .addColumn('frequencies', 'text', (c) => c.notNull())
      .execute();
  },
};
