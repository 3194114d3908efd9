import type { RouteSpec } from '@docsync/api';
import type { DescriptionWins } from './conformance.js';

/** A route of docsync's own, outside the contract. */
export interface ServerRouteSummary {
  readonly method: string;
  readonly path: string;
  readonly summary: string;
}

/** What the conformance suite knows (./conformance.ts); without it the table has no such column. */
export interface ConformanceStatus {
  readonly nonConformant: Readonly<Record<string, string>>;
  readonly descriptionWins: readonly DescriptionWins[];
}

/** The preamble of the conformance column: what is checked, and how the client's document is read. */
function conformancePreamble(
  routes: readonly RouteSpec[],
  implemented: ReadonlySet<string>,
  conformance: ConformanceStatus,
): string[] {
  const ids = routes.map((route) => route.operationId).filter((id) => implemented.has(id));
  const conformant = ids.filter((id) => !(id in conformance.nonConformant));
  const lines = [
    '## Conformance to GitBook’s client',
    '',
    `**${conformant.length} of ${ids.length}** implemented operations answer what GitBook’s official client`,
    '(`@gitbook/api@0.146.0`) expects; every one has a conformance case (a test fails when one has none).',
    'The suite (`test/e2e/conformance.test.ts`, SQLite and PostgreSQL) calls each implemented',
    'operation through the client against a real server and validates the response with ajv against',
    'that operation’s response schema in the client’s bundled OpenAPI document, where the operation',
    'is found by method and path (the API description names some operations otherwise than the',
    'client); docsync’s extensions absent from it are validated against docsync’s own `openapi.json`.',
    'An unknown id answers a documented 404 as `{error: {code, message}}`. The suite reads the',
    'OpenAPI 3.0 document as JSON Schema this way:',
    '',
    '- `nullable: true` means “the schema, or null” (`anyOf: [schema, {type: null}]`).',
    '- The `Document` schema’s “Empty” branch (no properties, `additionalProperties: false`) cannot',
    '  hold inside an `allOf` that adds properties (a page’s id, title…), so it is read as “has',
    '  neither `markdown` nor `document`”.',
    '',
    'In the tables, the last column says ✅ conformant or ❌ not yet (with why).',
    '',
  ];
  if (conformance.descriptionWins.length > 0) {
    lines.push(
      '### Where the API description and the client disagree',
      '',
      'The API description wins; docsync answers what both accept where it can.',
      '',
      '| what | API description | client | docsync |',
      '| --- | --- | --- | --- |',
    );
    for (const item of conformance.descriptionWins)
      lines.push(`| ${item.what} | ${item.description} | ${item.client} | ${item.docsync} |`);
    lines.push('');
  }
  return lines;
}

/** The conformance cell of one operation. */
function conformanceCell(
  operationId: string,
  implemented: boolean,
  conformance: ConformanceStatus,
): string {
  if (!implemented) return '';
  const problem = conformance.nonConformant[operationId];
  return problem === undefined ? '✅' : `❌ ${problem}`;
}

/**
 * docs/api.md: every operation of the route table, section by section, marked implemented or
 * not yet. Generated (`npm run docs:api -w @docsync/server`); a test keeps it true.
 */
export function renderApiCoverage(
  routes: readonly RouteSpec[],
  implemented: ReadonlySet<string>,
  serverRoutes: readonly ServerRouteSummary[] = [],
  conformance?: ConformanceStatus,
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
    'Every operation’s parameters, request body and responses, and a form to send a request with',
    'your token, are on the running service’s interactive reference at `/reference`',
    '(`http://127.0.0.1:8080/reference` by default), rendered from `packages/api/openapi.json` by',
    'Scalar, served by the service itself.',
    '',
    ...(conformance === undefined ? [] : conformancePreamble(routes, implemented, conformance)),
  ];
  const sections = [...new Set(routes.map((route) => route.section))];
  for (const section of sections) {
    const inSection = routes.filter((route) => route.section === section);
    const count = inSection.filter((route) => implemented.has(route.operationId)).length;
    lines.push(`## ${section} (${count}/${inSection.length})`, '');
    lines.push(
      conformance === undefined
        ? '| | method | path | operation |'
        : '| | method | path | operation | conformant |',
      conformance === undefined ? '| --- | --- | --- | --- |' : '| --- | --- | --- | --- | --- |',
    );
    for (const route of inSection) {
      const done = implemented.has(route.operationId);
      const mark = done ? '✅' : '—';
      const ext = route.extension === true ? ' _ext_' : '';
      const cell =
        conformance === undefined
          ? ''
          : ` ${conformanceCell(route.operationId, done, conformance)} |`;
      lines.push(
        `| ${mark} | ${route.method} | \`${route.path}\` | \`${route.operationId}\`${ext} |${cell}`,
      );
    }
    lines.push('');
  }
  if (serverRoutes.length > 0) {
    lines.push(
      "## docsync's own routes (not in the contract)",
      '',
      'Not JSON operations, so not in the route table or openapi.json; a bearer token is required unless the line says “No token”.',
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
