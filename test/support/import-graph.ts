import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The runtime import graph of a folder's TypeScript sources: each file's relative imports and
 * re-exports that load a module when the program runs (`import type`, `export type` and imports
 * whose every name is a type are left out: they are erased). Tests are left out.
 */
export function importGraph(root: string): Map<string, string[]> {
  const files = listSources(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const targets: string[] = [];
    for (const statement of source.statements) {
      const specifier = runtimeSpecifier(statement);
      if (specifier === undefined || !specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      if (known.has(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Whether a list of named imports or exports names types only (`{ type A, type B }`). */
function typesOnly(elements: readonly { isTypeOnly: boolean }[] | undefined): boolean {
  return elements !== undefined && elements.length > 0 && elements.every((e) => e.isTypeOnly);
}

/** The module a statement loads at run time, if it loads one. */
function runtimeSpecifier(statement: ts.Statement): string | undefined {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause?.phaseModifier === ts.SyntaxKind.TypeKeyword) return undefined;
    const bindings = clause?.namedBindings;
    const named = bindings !== undefined && ts.isNamedImports(bindings) ? bindings : undefined;
    if (clause?.name === undefined && typesOnly(named?.elements)) return undefined;
    return (statement.moduleSpecifier as ts.StringLiteral).text;
  }
  if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined) {
    const clause = statement.exportClause;
    const named = clause !== undefined && ts.isNamedExports(clause) ? clause : undefined;
    if (statement.isTypeOnly || typesOnly(named?.elements)) return undefined;
    return (statement.moduleSpecifier as ts.StringLiteral).text;
  }
  return undefined;
}

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The import cycles of a graph: its strongly connected components of more than one file (or a
 * file importing itself), each as paths relative to `root`, sorted (Tarjan's algorithm).
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>, root = ''): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file))
      cycles.push(component.map((path) => relative(root, path)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
