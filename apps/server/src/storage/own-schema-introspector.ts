import {
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

interface ColumnRow {
  schema: string;
  table: string;
  kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  serial: string | null;
}

/**
 * Describes only the connection's own schema (`current_schema()`), where Kysely's PostgreSQL
 * introspector describes every schema of the database. The migrator asks for the tables before
 * each run, and the full scan calls `has_schema_privilege` by name on every schema it sees: when
 * another service (or test) drops its schema during that scan, the scan fails with "schema … does
 * not exist" and this service fails to start. Services may share one database, each in a schema
 * of its own (the tests run that way, three files at a time), so the scan must not look at the
 * others.
 */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string | null }>`SELECT current_schema() AS name`.execute(
      this.#db,
    );
    return rows.flatMap((row) => (row.name === null ? [] : [{ name: row.name }]));
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      SELECT n.nspname AS schema, c.relname AS "table", c.relkind AS kind, a.attname AS "column",
             t.typname AS type, tn.nspname AS type_schema,
             a.attnotnull AS not_null, a.atthasdef AS has_default,
             pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) AS serial
        FROM pg_catalog.pg_class c
        JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
        JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
        JOIN pg_catalog.pg_namespace tn ON tn.oid = t.typnamespace
       WHERE n.nspname = current_schema()
         AND c.relkind IN ('r', 'v', 'p', 'f')
         AND a.attnum >= 0 AND NOT a.attisdropped
       ORDER BY c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, { meta: TableMetadata; columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      let table = tables.get(row.table);
      if (table === undefined) {
        const columns: ColumnMetadata[] = [];
        table = {
          columns,
          meta: {
            name: row.table,
            isView: row.kind === 'v',
            isForeign: row.kind === 'f',
            columns,
            schema: row.schema,
          },
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isAutoIncrementing: row.serial !== null,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
      });
    }
    return [...tables.values()].map((table) => table.meta);
  }
}
