/**
 * The server's shape as its code states it (issue 36): which module folder imports which, and which module's
 * repository writes which table. Read with TypeScript's own compiler, so a table reached through an alias
 * (`const r = schema.passwordResets`, `const { orders } = schema`) is still known by its name; the lint tests
 * (module-graph.test.ts, table-owners.test.ts) hold the tree to one module per aggregate.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const modulesDir = path.join(repoRoot, 'apps/server/src/modules');

/** Every .ts file under a folder, tests and test helpers left out (they set rows up directly). */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && entry !== 'testing.ts') out.push(full);
  }
  return out;
}

/** The module folder a file of apps/server/src/modules lies in, or null. */
export function moduleOf(file: string): string | null {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || !rel.includes(path.sep)) return null;
  return rel.split(path.sep)[0]!;
}

/** Module-level imports: for each module folder, the other module folders it imports and through which files. */
export function moduleImports(files: readonly { file: string; text: string }[]): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const { file, text } of files) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      const spec =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      if (!spec || !spec.startsWith('.')) continue;
      // A type-only import ties nothing at run time, but it still ties the folders' shapes: it counts.
      const to = moduleOf(path.resolve(path.dirname(file), spec));
      if (!to || to === from) continue;
      edges.set(to, [...(edges.get(to) ?? []), `${path.relative(repoRoot, file)} → ${spec}`]);
    }
  }
  return graph;
}

/** The cycles of a graph, each as the list of its nodes in order (Tarjan's strongly connected components of 2 or more). */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

/** Reads the files of the server's modules, for moduleImports. */
export function readModuleFiles(): { file: string; text: string }[] {
  return sourceFiles(modulesDir).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The tables the schema declares (`pgTable('orders', …)`), so SQL written out is matched only against real names. */
export function schemaTables(): Set<string> {
  const schema = readFileSync(path.join(repoRoot, 'packages/db/src/schema.ts'), 'utf8');
  return new Set([...schema.matchAll(/pgTable\(\s*'([a-z_][a-z0-9_]*)'/g)].map((m) => m[1]!));
}

/** The table a Drizzle table object's type names (PgTableWithColumns<{ name: 'orders', … }>), or null. */
function tableNameOf(checker: ts.TypeChecker, node: ts.Node): string | null {
  const type = checker.getTypeAtLocation(node);
  const meta = checker.getPropertyOfType(type, '_');
  if (!meta) return null;
  const name = checker.getPropertyOfType(checker.getTypeOfSymbolAtLocation(meta, node), 'name');
  if (!name) return null;
  const nameType = checker.getTypeOfSymbolAtLocation(name, node);
  return nameType.isStringLiteral() ? nameType.value : null;
}

/**
 * Which tables each writer writes: `db.insert(t)`, `db.update(t)`, `db.delete(t)` with a Drizzle table, and SQL text
 * that inserts into, updates or deletes from a table (a `${table}` in a sql template, or its name written out).
 * The writer of a file is its module folder, or the file itself for the plugins' own repositories.
 */
export function tableWriters(files: readonly string[]): Map<string, Map<string, string[]>> {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const known = schemaTables();
  const writers = new Map<string, Map<string, string[]>>();
  const note = (writer: string, table: string, where: string) => {
    const tables = writers.get(writer) ?? new Map<string, string[]>();
    writers.set(writer, tables);
    tables.set(table, [...(tables.get(table) ?? []), where]);
  };
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const writer = moduleOf(file) ?? path.relative(repoRoot, file);
    const where = (node: ts.Node) => `${path.relative(repoRoot, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const walk = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        WRITE_METHODS.has(node.expression.name.text) &&
        node.arguments.length === 1
      ) {
        const table = tableNameOf(checker, node.arguments[0]!);
        if (table) note(writer, table, where(node));
      }
      if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql' && ts.isTemplateExpression(node.template)) {
        // A table interpolated right after a write keyword: `insert into ${t}`, `update ${products}`.
        const parts = [node.template.head.text, ...node.template.templateSpans.map((s) => s.literal.text)];
        node.template.templateSpans.forEach((span, i) => {
          if (/\b(?:insert\s+into|update|delete\s+from)\s*$/i.test(parts[i]!)) {
            const table = tableNameOf(checker, span.expression);
            if (table) note(writer, table, where(span));
          }
        });
      }
      // A table's name written out in SQL text.
      if (
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node) ||
        ts.isStringLiteral(node)
      ) {
        for (const match of node.text.matchAll(RAW_WRITE)) {
          const table = match[1]!.toLowerCase();
          if (known.has(table)) note(writer, table, where(node));
        }
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
  }
  return writers;
}

/** Each table with the writers that write it, for those written by more than one. */
export function sharedTables(writers: ReadonlyMap<string, ReadonlyMap<string, string[]>>): Map<string, string[]> {
  const byTable = new Map<string, string[]>();
  for (const [writer, tables] of writers) for (const table of tables.keys()) byTable.set(table, [...(byTable.get(table) ?? []), writer]);
  return new Map([...byTable].filter(([, w]) => w.length > 1).map(([t, w]) => [t, w.sort()]));
}
