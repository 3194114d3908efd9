import { hasWaitingConversations } from '../conversations/conversations.js';
import type { Db } from '../storage/schema.js';

/**
 * Waits until the job runner has analysed every conversation of the organization (none waits
 * for an analysis), looking every `pollMs`; fails after `timeoutMs`.
 */
export async function waitForAnalysis(
  db: Db,
  organizationId: string,
  options: { pollMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (!(await hasWaitingConversations(db, organizationId))) return;
    if (Date.now() > deadline)
      throw new Error(`conversations of ${organizationId} still wait for analysis`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 20));
  }
}
