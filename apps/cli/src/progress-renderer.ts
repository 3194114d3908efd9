import type { SyncProgress } from '@docsync/sync';

/** Draws a sync's progress, or nothing. */
export interface ProgressRenderer {
  /** Takes the newest progress; draws it when enough time has passed or the step finished. */
  readonly update: (progress: SyncProgress) => void;
  /** Clears the line drawn, if any, so the command's output starts on a clean line. */
  readonly done: () => void;
}

/** Options of {@link createProgressRenderer}. */
export interface ProgressRendererOptions {
  /** Where the line goes (standard error). */
  write: (text: string) => void;
  /** Draw only on a terminal: a log file or a pipe gets nothing. */
  isTTY: boolean;
  /** Milliseconds clock (default `performance.now`). */
  now?: () => number;
  /** Least time between two redraws in milliseconds (default 100). */
  intervalMs?: number;
}

const LABELS: Record<SyncProgress['phase'], string> = {
  fetch: 'fetching from the space',
  upload: 'uploading blobs',
};
const BAR_WIDTH = 20;

function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${String(bytes)} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** One progress line: `uploading blobs [#####               ] 120/480 25% 1.2 MB`. Pure. */
export function renderProgressLine(progress: SyncProgress): string {
  const share = progress.total === 0 ? 1 : Math.min(1, progress.done / progress.total);
  const filled = Math.round(share * BAR_WIDTH);
  return [
    LABELS[progress.phase],
    `[${'#'.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}]`,
    `${String(progress.done)}/${String(progress.total)}`,
    `${String(Math.floor(share * 100))}%`,
    ...(progress.bytes === undefined ? [] : [formatBytes(progress.bytes)]),
  ].join(' ');
}

/**
 * A renderer that redraws one line in place (`\r`, then erase to the end of the line) at most
 * every `intervalMs`, and always when a step finishes. Off a terminal it writes nothing: logs
 * and pipes get the command's result only.
 */
export function createProgressRenderer(options: ProgressRendererOptions): ProgressRenderer {
  if (!options.isTTY) return { update: () => undefined, done: () => undefined };
  const now = options.now ?? (() => performance.now());
  const interval = options.intervalMs ?? 100;
  let drawnAt: number | undefined;
  return {
    update: (progress) => {
      const at = now();
      const finished = progress.done >= progress.total;
      if (!finished && drawnAt !== undefined && at - drawnAt < interval) return;
      drawnAt = at;
      options.write(`\r${renderProgressLine(progress)}\u001b[K`);
    },
    done: () => {
      if (drawnAt === undefined) return;
      drawnAt = undefined;
      options.write('\r\u001b[K');
    },
  };
}
