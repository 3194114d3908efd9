/** What a long step of a sync is doing: reading the space, or sending blobs to it. */
export type SyncPhase = 'fetch' | 'upload';

/** How far a long step has come (pages and files read, or blobs sent). */
export interface SyncProgress {
  phase: SyncPhase;
  /** Items finished so far. */
  done: number;
  /** Items in all. */
  total: number;
  /** Bytes sent so far (upload only). */
  bytes?: number;
}

/** Called as a long step advances; must not throw. The CLI draws it on a TTY. */
export type ProgressListener = (progress: SyncProgress) => void;
