/**
 * Fails when folders import each other in a cycle (docs/decisions/0018): every run-time import
 * (type-only imports vanish from the JavaScript and are left out) of the server (src/, db/) and of the web app (web/src/) is mapped to its
 * folder (src/<feature>, web/src/<area>/<page>, or the file itself at a root), and the folder graph
 * must have no cycle. Prints each cycle with one import that closes it.
 *
 *   npm run check:cycles
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const roots = ['src', 'db', 'web/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|e2e)\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folder a file belongs to: a feature folder, or the file itself when it sits at a root. */
function folderOf(file: string): string {
  const path = relative(root, file).replace(/\.tsx?$/, '');
  const parts = path.split('/');
  if (parts[0] === 'web') {
    // web/src/<area> and, for pages and components, web/src/<area>/<folder>.
    const depth = ['pages', 'components'].includes(parts[2] ?? '') && parts.length > 4 ? 4 : 3;
    return parts.slice(0, Math.min(depth, parts.length)).join('/');
  }
  return parts.slice(0, Math.min(2, parts.length)).join('/');
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/**
 * The modules a file needs at run time: imports and re-exports, without `import type` and
 * imports whose every name is a type (they vanish from the JavaScript), with dynamic imports.
 */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause !== undefined &&
          !clause.name &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const edges = new Map<string, Map<string, string>>();
for (const file of roots.flatMap((dir) => sourceFiles(join(root, dir)))) {
  for (const fileName of runtimeImports(file)) {
    const target = resolveImport(file, fileName);
    if (!target) continue;
    const from = folderOf(file);
    const to = folderOf(target);
    if (from === to) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from)!.set(to, `${relative(root, file)} → ${fileName}`);
  }
}

// Tarjan's strongly connected components: a component of more than one folder is a cycle.
let index = 0;
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const components: string[][] = [];
function visit(node: string): void {
  order.set(node, index);
  low.set(node, index++);
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node)!, low.get(next)!));
    } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
  }
  if (low.get(node) === order.get(node)) {
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const node of edges.keys()) if (!order.has(node)) visit(node);

if (components.length === 0) {
  console.log(`No cycles between folders (${edges.size} folders with imports).`);
} else {
  for (const component of components) {
    console.error(`Cycle between ${component.join(', ')}:`);
    const members = new Set(component);
    for (const from of component)
      for (const [to, example] of edges.get(from) ?? [])
        if (members.has(to)) console.error(`  ${from} → ${to}  (${example})`);
  }
  process.exitCode = 1;
}
