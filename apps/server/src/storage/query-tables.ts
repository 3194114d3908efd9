import type { OperationNode, RootOperationNode } from 'kysely';
import type { TableSet } from './table-changes.js';

/**
 * Which tables a query reads or writes, from Kysely's operation tree (pure). Both answers err
 * on the side of "more": a raw SQL fragment, whose tables cannot be known, counts as every table.
 */

type Node = OperationNode & Readonly<Record<string, unknown>>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { kind?: unknown }).kind === 'string';

/** Calls `visit` on `node` and every node below it (not into bound values). */
function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  if (node.kind === 'ValueNode') return;
  for (const child of Object.values(node)) {
    if (Array.isArray(child)) {
      for (const item of child) if (isNode(item)) walk(item, visit);
    } else if (isNode(child)) walk(child, visit);
  }
}

function tableName(node: Node): string {
  const table = node['table'] as { identifier: { name: string } };
  return table.identifier.name;
}

/** Every table a query names anywhere (joins, subqueries, CTEs); `all` when it has raw SQL. */
export function readTables(root: RootOperationNode): TableSet {
  const tables = new Set<string>();
  const found = { raw: false };
  walk(root as Node, (node) => {
    if (node.kind === 'TableNode') tables.add(tableName(node));
    else if (node.kind === 'RawNode') found.raw = true;
  });
  return found.raw ? 'all' : [...tables];
}

/** The tables named in a statement's target; `all` when there is none to name. */
function targetTables(node: unknown): TableSet {
  const tables: string[] = [];
  if (isNode(node))
    walk(node, (child) => {
      if (child.kind === 'TableNode') tables.push(tableName(child));
    });
  return tables.length === 0 ? 'all' : tables;
}

/** What one statement (not counting CTEs) writes: its target table, or `all`. */
function statementWrites(node: Node, sql: string): TableSet | undefined {
  switch (node.kind) {
    case 'SelectQueryNode':
      return undefined;
    case 'InsertQueryNode':
      return targetTables(node['into']);
    case 'UpdateQueryNode':
      return targetTables(node['table']);
    case 'RawNode':
      // `begin`/`commit` reach the driver, not here; anything but a plain read may write.
      return /^\s*select\b/i.test(sql) ? undefined : 'all';
    default:
      // A delete may cascade into other tables through foreign keys; merges and schema changes
      // are rare. All count as writing every table.
      return 'all';
  }
}

/**
 * What a statement may change: undefined for a read, the written tables, or `all` when the
 * tables cannot be named exactly (deletes, raw SQL, schema changes). Data-modifying CTEs count.
 */
export function writtenTables(root: RootOperationNode, sql: string): TableSet | undefined {
  const node = root as Node;
  const own = statementWrites(node, sql);
  const ctes = node['with'];
  if (own === 'all' || !isNode(ctes)) return own;
  // Only top-level CTEs may modify data (PostgreSQL refuses them deeper).
  let written = own;
  for (const cte of ctes['expressions'] as readonly Node[]) {
    const expression = cte['expression'] as Node;
    const text =
      expression.kind === 'RawNode' ? (expression['sqlFragments'] as string[]).join('?') : '';
    const inner = statementWrites(expression, text);
    if (inner === 'all') return 'all';
    if (inner !== undefined) written = [...(written ?? []), ...inner];
  }
  return written;
}
