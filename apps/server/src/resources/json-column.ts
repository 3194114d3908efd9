/** Reads a JSON text column written by {@link writeJson}; callers know the shape they wrote. */
export function readJson(text: string): unknown {
  return JSON.parse(text);
}

/** Writes a value for a JSON text column. */
export function writeJson(value: unknown): string {
  return JSON.stringify(value);
}
