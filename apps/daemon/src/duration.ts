const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A duration in milliseconds from a config value: a number of milliseconds, or a string such as
 * `500ms`, `2s`, `1.5m`, `1h`. Undefined when the value is neither. Pure.
 */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*$/.exec(value);
  if (match === null) return undefined;
  return Math.round(Number(match[1]) * (units[match[2] ?? ''] ?? 0));
}
