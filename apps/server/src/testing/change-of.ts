import type { TableChanges } from '../storage/table-changes.js';

/**
 * Resolves once `changes` records a change of `table` (or of every table): after a write on
 * another PostgreSQL instance, when its notification has arrived. Call it before the write.
 */
export function changeOf(changes: TableChanges, table: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = changes.watch((tables) => {
      if (tables === 'all' || tables.includes(table)) {
        stop();
        resolve();
      }
    });
  });
}
