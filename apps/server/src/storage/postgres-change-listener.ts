import pg from 'pg';
import { CHANGES_CHANNEL } from './postgres-change-triggers.js';
import type { TableChanges } from './table-changes.js';

/** Timings of {@link PostgresChangeListener}, in milliseconds. */
export interface ChangeListenerTimings {
  /** How often the connection is checked with a query. Default 5,000. */
  heartbeat?: number;
  /** How long that query may take before the connection counts as lost. Default 2,000. */
  heartbeatTimeout?: number;
  /** First wait before reconnecting; doubles up to 5 s. Default 100. */
  retry?: number;
}

const MAX_RETRY_MS = 5_000;

/**
 * Keeps one connection listening on {@link CHANGES_CHANNEL} and reports each table written in
 * this server's schema to `changes`, so reads cached by this instance end when any instance (or
 * anyone else) commits a write to a table they read. Cached reads are trusted only while it
 * listens: until the first `LISTEN` and from the moment the connection fails (an error, its end,
 * a heartbeat query without an answer) until it listens again, `changes` is suspended.
 */
export class PostgresChangeListener {
  readonly #config: pg.ClientConfig;
  readonly #changes: TableChanges;
  readonly #heartbeatMs: number;
  readonly #heartbeatTimeoutMs: number;
  readonly #firstRetryMs: number;
  #retryMs: number;
  #client: pg.Client | undefined;
  #schema: string | undefined;
  #closed = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #heartbeatTimer: NodeJS.Timeout | undefined;

  constructor(config: pg.ClientConfig, changes: TableChanges, timings: ChangeListenerTimings = {}) {
    this.#config = config;
    this.#changes = changes;
    this.#heartbeatMs = timings.heartbeat ?? 5_000;
    this.#heartbeatTimeoutMs = timings.heartbeatTimeout ?? 2_000;
    this.#firstRetryMs = timings.retry ?? 100;
    this.#retryMs = this.#firstRetryMs;
  }

  /** Connects and listens. Resolves after the first attempt, which may fail: it keeps trying. */
  async start(): Promise<void> {
    this.#heartbeatTimer = setInterval(() => {
      this.#checkConnection();
    }, this.#heartbeatMs);
    this.#heartbeatTimer.unref();
    await this.#connect();
  }

  /** Stops listening; cached reads are not trusted after this. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#heartbeatTimer);
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    this.#changes.suspend();
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client(this.#config);
    this.#client = client;
    client.on('error', () => {
      this.#lost(client);
    });
    client.on('end', () => {
      this.#lost(client);
    });
    client.on('notification', (message) => {
      this.#notified(message);
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
      this.#schema = rows[0]?.schema;
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch {
      this.#lost(client);
      return;
    }
    if (this.#client !== client) return;
    this.#retryMs = this.#firstRetryMs;
    // Anything written while nobody listened is unknown: resuming counts every table as changed.
    this.#changes.resume();
  }

  #notified(message: pg.Notification): void {
    const payload = message.payload;
    if (message.channel !== CHANGES_CHANNEL || payload === undefined) return;
    const dot = payload.indexOf('.');
    if (dot < 0 || payload.slice(0, dot) !== this.#schema) return;
    this.#changes.changed([payload.slice(dot + 1)]);
  }

  #lost(client: pg.Client): void {
    // Late events of a connection already given up on change nothing.
    if (this.#client !== client) return;
    this.#client = undefined;
    this.#changes.suspend();
    client.end().catch(() => undefined);
    if (this.#closed) return;
    this.#retryTimer = setTimeout(() => {
      void this.#connect();
    }, this.#retryMs);
    this.#retryTimer.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, MAX_RETRY_MS);
  }

  #checkConnection(): void {
    const client = this.#client;
    if (client === undefined || this.#changes.suspended) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        reject(new Error('no answer'));
      }, this.#heartbeatTimeoutMs);
    });
    void Promise.race([client.query('SELECT 1'), timeout])
      .catch(() => {
        this.#lost(client);
      })
      .finally(() => {
        clearTimeout(timer);
      });
  }
}
