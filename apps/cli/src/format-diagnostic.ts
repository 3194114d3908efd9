import type { Diagnostic } from '@docsync/core';

/**
 * Writes a diagnostic as compilers do, `page.md:12:3: warning: message [rule-id]`, so that
 * editors and CI problem matchers can jump to it; the line and column are left out when unknown.
 */
export function formatDiagnostic(file: string, diagnostic: Diagnostic): string {
  const { line, column, severity, message, ruleId } = diagnostic;
  const location =
    line === undefined
      ? file
      : column === undefined
        ? `${file}:${line}`
        : `${file}:${line}:${column}`;
  return `${location}: ${severity}: ${message} [${ruleId}]`;
}
