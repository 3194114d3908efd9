import type { RouteSpec } from '@docsync/api';

/** A route of docsync's own, outside the contract. */
export interface ServerRouteSummary {
  readonly method: string;
  readonly path: string;
  readonly summary: string;
}

/**
 * docs/api.md: every operation of the route table, section by section, marked implemented or
 * not yet. Generated (`npm run docs:api -w @docsync/server`); a test keeps it true.
 */
export function renderApiCoverage(
  routes: readonly RouteSpec[],
  implemented: ReadonlySet<string>,
  serverRoutes: readonly ServerRouteSummary[] = [],
): string {
  const done = routes.filter((route) => implemented.has(route.operationId)).length;
  const lines = [
    '# API coverage',
    '',
    '<!-- Generated from the route table (packages/api) and the operations apps/server implements:',
    '     `npm run docs:api -w @docsync/server` rewrites it; a test fails when it is stale. -->',
    '',
    `docsync implements **${done} of ${routes.length}** operations: ${routes.filter((r) => r.extension !== true).length} from the API description`,
    `(\`packages/api/spec/api-description.txt\`) and ${routes.filter((r) => r.extension === true).length} docsync extensions (marked _ext_). An operation`,
    'that is not implemented yet is not registered: the server answers 404 for it.',
    '',
  ];
  const sections = [...new Set(routes.map((route) => route.section))];
  for (const section of sections) {
    const inSection = routes.filter((route) => route.section === section);
    const count = inSection.filter((route) => implemented.has(route.operationId)).length;
    lines.push(`## ${section} (${count}/${inSection.length})`, '');
    lines.push('| | method | path | operation |', '| --- | --- | --- | --- |');
    for (const route of inSection) {
      const mark = implemented.has(route.operationId) ? '✅' : '—';
      const ext = route.extension === true ? ' _ext_' : '';
      lines.push(
        `| ${mark} | ${route.method} | \`${route.path}\` | \`${route.operationId}\`${ext} |`,
      );
    }
    lines.push('');
  }
  if (serverRoutes.length > 0) {
    lines.push(
      "## docsync's own routes (not in the contract)",
      '',
      'Not JSON operations, so not in the route table or openapi.json; a bearer token is required.',
      '',
      '| method | path | what |',
      '| --- | --- | --- |',
    );
    for (const route of serverRoutes)
      lines.push(`| ${route.method} | \`${route.path}\` | ${route.summary} |`);
    lines.push('');
  }
  return lines.join('\n');
}
