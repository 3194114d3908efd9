/**
 * The 1-based number of the first line where `actual` and `expected` differ, or `undefined` when
 * they are equal. Lines are split on `\n` only, so a `\r` left by CRLF line endings is a
 * difference, and a missing final newline shows as a difference on the line after the last.
 */
export function firstDifferingLine(actual: string, expected: string): number | undefined {
  if (actual === expected) return undefined;
  const actualLines = actual.split('\n');
  const expectedLines = expected.split('\n');
  const length = Math.max(actualLines.length, expectedLines.length);
  for (let index = 0; index < length; index++) {
    if (actualLines[index] !== expectedLines[index]) return index + 1;
  }
  // Unreachable for different strings; kept so the function is total.
  return length;
}
