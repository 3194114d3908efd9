import type { Diagnostic } from '../../diagnostic.js';
import { dirname, joinPath } from '../../tree/paths.js';

/** `--8<-- "path"` (pymdownx.snippets), with an optional `:start:end` line range. */
const snippetLine = /^(\s*)(?:;)?--8<--\s+(["']?)([^"'\s]+?)\2\s*$/;
/** `{!> path !}` / `{! path !}` (mdx_include), alone on its line. */
const includeLine = /^(\s*)\{!>?\s*(.+?)\s*!\}\s*$/;

/** The paths a snippet may be found at: the page's folder, the docs folder, the project root. */
function candidates(path: string, page: string, docsDir: string): string[] {
  return [joinPath(dirname(page), path), joinPath(docsDir, path), joinPath(path)].filter(
    (candidate): candidate is string => candidate !== undefined,
  );
}

/**
 * Puts the files that snippet lines include in their place, as MkDocs does before reading the
 * page (inside code fences too, where code samples are included): `--8<-- "file"` (with a
 * `file:3:10` line range) and `{!> file !}`. A file the tree does not hold leaves the line as
 * written, with a warning naming it and its line. Included text is not looked into again.
 */
export function includeSnippets(
  body: string,
  context: { page: string; docsDir: string; readText: (path: string) => string | undefined },
  diagnostics: Diagnostic[],
  lineOffset: number,
): string {
  if (!body.includes('--8<--') && !body.includes('{!')) return body;
  const out: string[] = [];
  body.split('\n').forEach((line, index) => {
    const snippet = snippetLine.exec(line);
    const include = snippet === null ? includeLine.exec(line) : null;
    const match = snippet ?? include;
    if (match === null) {
      if (/^\s*--8<--\s*$/.test(line))
        diagnostics.push({
          ruleId: 'snippet-block',
          severity: 'warning',
          line: index + 1 + lineOffset,
          message:
            'a `--8<--` block of snippet files is not included; its lines are kept as written',
        });
      out.push(line);
      return;
    }
    const indent = match[1] ?? '';
    const written = (snippet === null ? match[2] : match[3]) ?? '';
    const range = /^(.*?):(\d*):(\d*)$/.exec(written);
    const path = range?.[1] ?? written;
    const found = candidates(path, context.page, context.docsDir)
      .map((candidate) => context.readText(candidate))
      .find((text) => text !== undefined);
    if (found === undefined) {
      diagnostics.push({
        ruleId: 'snippet-missing',
        severity: 'warning',
        line: index + 1 + lineOffset,
        message: `the snippet \`${path}\` is not in the imported tree; the line is kept as written`,
      });
      out.push(line);
      return;
    }
    let lines = found.replace(/\n$/, '').split('\n');
    if (range !== null) {
      const start = range[2] === '' ? 1 : Number(range[2]);
      const end = range[3] === '' ? lines.length : Number(range[3]);
      lines = lines.slice(Math.max(0, start - 1), end);
    }
    out.push(...lines.map((included) => (included === '' ? '' : `${indent}${included}`)));
  });
  return out.join('\n');
}
