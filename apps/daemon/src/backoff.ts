/**
 * The wait before retry number `attempt` (1-based): `initialMs` doubled per attempt, capped at
 * `maxMs`, with "equal jitter" (half fixed, half random) so repositories failing together do
 * not retry in lockstep. Pure given `random`.
 */
export function backoffDelay(
  attempt: number,
  options: { initialMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
