import type {
  AbortableOperationOptions,
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { writtenTables } from './query-tables.js';
import type { TableChanges, TableSet } from './table-changes.js';

/**
 * Wraps a Kysely dialect so that every write through it is reported to a {@link TableChanges}
 * once it is visible to other readers: a statement outside a transaction when it completes, the
 * writes of a transaction when it commits (or rolls back: cheaper than telling them apart).
 * Reads pass straight through. Writes are recognised from the query tree (see `query-tables.ts`),
 * so every writer, present or future, is covered without calling anything.
 */
export class ChangeTrackingDialect implements Dialect {
  readonly #inner: Dialect;
  readonly #changes: TableChanges;

  constructor(inner: Dialect, changes: TableChanges) {
    this.#inner = inner;
    this.#changes = changes;
  }

  createDriver(): Driver {
    return new ChangeTrackingDriver(this.#inner.createDriver(), this.#changes);
  }

  createQueryCompiler(): QueryCompiler {
    return this.#inner.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.#inner.createAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.#inner.createIntrospector(db);
  }
}

type Savepoint = NonNullable<Driver['savepoint']>;

class ChangeTrackingDriver implements Driver {
  readonly #inner: Driver;
  readonly #changes: TableChanges;
  readonly #connections = new WeakMap<DatabaseConnection, ChangeTrackingConnection>();
  readonly savepoint?: Savepoint;
  readonly rollbackToSavepoint?: Savepoint;
  readonly releaseSavepoint?: Savepoint;

  constructor(inner: Driver, changes: TableChanges) {
    this.#inner = inner;
    this.#changes = changes;
    // Offered only when the wrapped driver has them, as Kysely checks for their presence.
    const forward = (method: Savepoint | undefined): Savepoint | undefined =>
      method === undefined
        ? undefined
        : (connection, name, compile) => method(unwrap(connection), name, compile);
    const savepoint = forward(inner.savepoint?.bind(inner));
    const rollbackToSavepoint = forward(inner.rollbackToSavepoint?.bind(inner));
    const releaseSavepoint = forward(inner.releaseSavepoint?.bind(inner));
    if (savepoint !== undefined) this.savepoint = savepoint;
    if (rollbackToSavepoint !== undefined) this.rollbackToSavepoint = rollbackToSavepoint;
    if (releaseSavepoint !== undefined) this.releaseSavepoint = releaseSavepoint;
  }

  init(options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    const inner = await this.#inner.acquireConnection(options);
    let connection = this.#connections.get(inner);
    if (connection === undefined) {
      connection = new ChangeTrackingConnection(inner, this.#changes);
      this.#connections.set(inner, connection);
    }
    return connection;
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    await this.#inner.beginTransaction(unwrap(connection), settings);
    tracking(connection).beginTransaction();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.commitTransaction(unwrap(connection));
    } finally {
      // Also when the commit failed: whether it took effect may be unknown.
      tracking(connection).endTransaction();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.rollbackTransaction(unwrap(connection));
    } finally {
      tracking(connection).endTransaction();
    }
  }

  releaseConnection(
    connection: DatabaseConnection,
    options?: AbortableOperationOptions,
  ): Promise<void> {
    return this.#inner.releaseConnection(unwrap(connection), options);
  }

  destroy(options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.destroy(options);
  }
}

function tracking(connection: DatabaseConnection): ChangeTrackingConnection {
  if (!(connection instanceof ChangeTrackingConnection))
    throw new TypeError('a connection of another driver was handed to the change-tracking driver');
  return connection;
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return tracking(connection).inner;
}

class ChangeTrackingConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  readonly #changes: TableChanges;
  /** Tables written in the open transaction; undefined outside one. */
  #pending: Set<string> | 'all' | undefined;
  readonly cancelQuery?: NonNullable<DatabaseConnection['cancelQuery']>;
  readonly killSession?: NonNullable<DatabaseConnection['killSession']>;
  readonly collectSessionInfo?: NonNullable<DatabaseConnection['collectSessionInfo']>;

  constructor(inner: DatabaseConnection, changes: TableChanges) {
    this.inner = inner;
    this.#changes = changes;
    if (inner.cancelQuery) this.cancelQuery = inner.cancelQuery.bind(inner);
    if (inner.killSession) this.killSession = inner.killSession.bind(inner);
    if (inner.collectSessionInfo) this.collectSessionInfo = inner.collectSessionInfo.bind(inner);
  }

  beginTransaction(): void {
    this.#pending = new Set();
  }

  endTransaction(): void {
    const pending = this.#pending;
    this.#pending = undefined;
    if (pending === 'all') this.#changes.changed('all');
    else if (pending !== undefined && pending.size > 0) this.#changes.changed([...pending]);
  }

  #wrote(tables: TableSet): void {
    if (this.#pending === undefined) this.#changes.changed(tables);
    else if (tables === 'all') this.#pending = 'all';
    else if (this.#pending !== 'all') for (const table of tables) this.#pending.add(table);
  }

  async executeQuery<R>(
    compiled: CompiledQuery,
    options?: AbortableOperationOptions,
  ): Promise<QueryResult<R>> {
    const written = writtenTables(compiled.query, compiled.sql);
    if (written === undefined) return this.inner.executeQuery<R>(compiled, options);
    try {
      return await this.inner.executeQuery<R>(compiled, options);
    } finally {
      // Also after an error: a statement that failed on the way back may have been applied.
      this.#wrote(written);
    }
  }

  async *streamQuery<R>(
    compiled: CompiledQuery,
    chunkSize: number,
    options?: AbortableOperationOptions,
  ): AsyncIterableIterator<QueryResult<R>> {
    const written = writtenTables(compiled.query, compiled.sql);
    try {
      yield* this.inner.streamQuery<R>(compiled, chunkSize, options);
    } finally {
      if (written !== undefined) this.#wrote(written);
    }
  }
}
