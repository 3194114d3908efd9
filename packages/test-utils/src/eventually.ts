/**
 * What `check` answers once it answers something other than undefined, asked every `everyMs`
 * (default 20) for at most `withinMs` (default 10 s): for tests that wait on background work
 * (a job, a delivery, another process) they cannot be told of.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  options: { withinMs?: number; everyMs?: number } = {},
): Promise<T> {
  const within = options.withinMs ?? 10_000;
  const started = performance.now();
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (performance.now() - started > within)
      throw new Error(`not within ${String(within / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 20));
  }
}
