import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * Kysely dialect for Node's built-in `node:sqlite` (`DatabaseSync`). Kysely's own SqliteDialect
 * expects better-sqlite3's statement API and shares one connection between concurrent callers;
 * this driver binds node:sqlite's variadic parameters and serialises connection use, so one
 * request's transaction never runs another request's queries.
 */
export class NodeSqliteDialect implements Dialect {
  readonly #database: DatabaseSync;

  constructor(database: DatabaseSync) {
    this.#database = database;
  }

  createDriver(): Driver {
    return new NodeSqliteDriver(this.#database);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/** A lock handed from one holder to the next in request order. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves once the caller holds the lock; call the returned function to release it. */
  async acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    await previous;
    return release;
  }
}

class NodeSqliteDriver implements Driver {
  readonly #connection: NodeSqliteConnection;
  readonly #database: DatabaseSync;
  readonly #mutex = new Mutex();
  #release: (() => void) | undefined;

  constructor(database: DatabaseSync) {
    this.#database = database;
    this.#connection = new NodeSqliteConnection(database);
  }

  async init(): Promise<void> {
    // Nothing to open: the database handle is passed in ready to use.
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#mutex.acquire();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
    return Promise.resolve();
  }

  destroy(): Promise<void> {
    return settle(() => {
      if (this.#database.isOpen) this.#database.close();
    });
  }
}

/** Runs synchronous work as a promise: a throw becomes a rejection, as callers expect. */
function settle<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => {
    resolve(work());
  });
}

/** node:sqlite binds only null, numbers, bigints, strings and bytes. */
function toSqlValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    typeof value === 'string' ||
    value instanceof Uint8Array
  ) {
    return value;
  }
  throw new TypeError(`cannot bind a value of type \`${typeof value}\` to an SQLite parameter`);
}

class NodeSqliteConnection implements DatabaseConnection {
  readonly #database: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(database: DatabaseSync) {
    this.#database = database;
  }

  #prepare(sql: string): StatementSync {
    // Queries repeat (one shape per endpoint), so preparing each once pays off.
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#database.prepare(sql);
      if (this.#statements.size >= 500) this.#statements.clear();
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return settle(() => this.#execute<R>(compiled));
  }

  #execute<R>(compiled: CompiledQuery): QueryResult<R> {
    const statement = this.#prepare(compiled.sql);
    const parameters = compiled.parameters.map(toSqlValue);
    // A statement that declares result columns (SELECT, RETURNING, some PRAGMAs) is a reader.
    if (statement.columns().length > 0) {
      return { rows: statement.all(...parameters) as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return {
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    };
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- Kysely's interface is async; node:sqlite reads rows synchronously.
  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.#prepare(compiled.sql);
    for (const row of statement.iterate(...compiled.parameters.map(toSqlValue))) {
      yield { rows: [row as R] };
    }
  }
}
