// Guard: the product modules import each other without a cycle. A cycle hides which module is the
// leaf (shared types live there) and which is the caller, and at run time one module of the ring
// meets the others half-evaluated. Type-only imports count too: a type shared by two modules
// belongs in a leaf both import, not in one of the callers.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['api', 'domain', 'activities', 'workflows', 'providers', 'db', 'observability', 'temporal'];
/** Generated and committed migrations only import the migration base class. */
const SKIPPED = [/^db\/migrations\/Migration/];

function sourceFiles(): string[] {
  const files = readdirSync(root).filter((name) => name.endsWith('.ts'));
  for (const folder of FOLDERS) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      const file = `${folder}/${entry.split('\\').join('/')}`;
      if (file.endsWith('.ts') && !file.includes('node_modules/') && !SKIPPED.some((s) => s.test(file)))
        files.push(file);
    }
  }
  return files.sort();
}

/**
 * The relative specifiers a file imports or re-exports: `import ... from`, `import type ... from`,
 * `export ... from`, `export * from` and side-effect `import './x.ts'`. A statement starts a line and
 * ends at its semicolon, so a multi-line import list is read whole.
 */
const IMPORT = /^\s*(?:import|export)\s+(?:[^;'"]*?\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function importGraph(): Map<string, string[]> {
  const files = new Set(sourceFiles());
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const edges = new Set<string>();
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(IMPORT)) {
      const target = posix.normalize(posix.join(dirname(file).split('\\').join('/'), match[1]));
      if (files.has(target)) edges.add(target);
      else
        assert.ok(
          !target.endsWith('.ts') || existsSync(join(root, target)) || !FOLDERS.some((f) => target.startsWith(`${f}/`)),
          `${file} imports ${match[1]}, which is not a source file`,
        );
    }
    graph.set(file, [...edges].sort());
  }
  return graph;
}

/** The strongly connected components with more than one module (or a module importing itself): Tarjan's algorithm. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One import path around a component, for the failure message: a -> b -> ... -> a. */
function ring(graph: Map<string, string[]>, component: string[]): string {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start].join(' -> ');
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return component.join(', ');
}

describe('import cycles', () => {
  it('when the product modules are read, then their imports (type-only ones included) form no cycle', () => {
    const graph = importGraph();
    assert.ok(graph.size > 100, `expected the product modules, read ${graph.size}`);
    const found = cycles(graph);
    assert.deepEqual(
      found.map((component) => ring(graph, component)),
      [],
      `import cycles (break each by moving what both sides share into a leaf module):\n${found
        .map((component) => `  ${ring(graph, component)}\n    (${component.length} modules: ${component.join(', ')})`)
        .join('\n')}`,
    );
  });
});
