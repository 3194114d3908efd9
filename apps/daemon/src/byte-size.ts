const units: Record<string, number> = {
  b: 1,
  kb: 1024,
  mb: 1024 ** 2,
  gb: 1024 ** 3,
};

/**
 * A size in bytes from a config value: a number of bytes, or a string such as `512kB`, `32MB`,
 * `1.5GB` (units of 1,024, case-insensitive; `KiB`, `MiB`, `GiB` too). Undefined when the value
 * is neither. Pure.
 */
export function parseByteSize(value: unknown): number | undefined {
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b|b)\s*$/i.exec(value);
  if (match === null) return undefined;
  const unit = (match[2] ?? '').toLowerCase().replace('i', '');
  return Math.round(Number(match[1]) * (units[unit] ?? 0));
}
