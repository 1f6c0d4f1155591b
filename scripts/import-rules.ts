import type { ImportGraph, ResolvedImport, SourceFile } from './import-graph.js';

/**
 * The boundary rules (ARCHITECTURE.md, "Boundary rules"), checked on the resolved import graph so
 * that no spelling of a path and no folder depth escapes them. Test-only files may import anything;
 * the rules bind shipped files.
 */
export type Rule =
  | 'feature-imports-feature'
  | 'web-feature-imports-app'
  | 'shipped-imports-test-only'
  | 'runtime-cycle'
  | 'ccxt-outside-adapter'
  | 'unresolved';

export interface Violation {
  rule: Rule;
  file: string;
  line: number;
  specifier: string;
  /** The file imported (for a cycle: the next file of the cycle). */
  target?: string;
  message: string;
}

const MESSAGES: Record<Rule, string> = {
  'feature-imports-feature':
    'A feature does not import another feature: move what both use to a shared layer (ARCHITECTURE.md).',
  'web-feature-imports-app': 'A web feature does not import the app (app/ composes features).',
  'shipped-imports-test-only':
    'Shipped code does not import test-only code (*.test.*, testing/, test-*.ts, fixtures.ts).',
  'runtime-cycle': 'Shipped files import each other in a cycle (type-only imports aside).',
  'ccxt-outside-adapter': 'Only the ccxt adapter (packages/engine/src/adapters/ccxt) imports ccxt.',
  unresolved: 'The import names no file: the graph (and these rules) cannot follow it.',
};

/**
 * `server:lab` for packages/server/src/features/lab/… at any depth, `web:lab` for the web's; a
 * feature is its folder under features/, sub-folders included (web's lab/sweep is lab).
 */
export function featureOf(file: string): string | undefined {
  const match = /^packages\/(server|web)\/src\/features\/([^/]+)\/./.exec(file);
  return match ? `${match[1]}:${match[2]}` : undefined;
}

const WEB_FEATURES = 'packages/web/src/features/';
const WEB_APP = 'packages/web/src/app/';
const CCXT_ADAPTER = 'packages/engine/src/adapters/ccxt/';

/** Every violation in the graph, in file order. */
export function checkImports(graph: ImportGraph): Violation[] {
  const violations: Violation[] = [];
  const report = (rule: Rule, file: SourceFile, edge: ResolvedImport) =>
    violations.push({
      rule,
      file: file.path,
      line: edge.line,
      specifier: edge.specifier,
      ...(edge.target ? { target: edge.target } : {}),
      message: MESSAGES[rule],
    });

  for (const file of graph.files.values()) {
    for (const edge of file.imports) {
      if (edge.unresolved) report('unresolved', file, edge);
      if (file.testOnly) continue;
      if (edge.external === 'ccxt' && !file.path.startsWith(CCXT_ADAPTER))
        report('ccxt-outside-adapter', file, edge);
      const target = edge.target && graph.files.get(edge.target);
      if (!target) continue;
      if (target.testOnly) report('shipped-imports-test-only', file, edge);
      const from = featureOf(file.path);
      const to = featureOf(target.path);
      if (from && to && from !== to) report('feature-imports-feature', file, edge);
      if (file.path.startsWith(WEB_FEATURES) && target.path.startsWith(WEB_APP)) {
        report('web-feature-imports-app', file, edge);
      }
    }
  }
  violations.push(...runtimeCycles(graph));
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The runtime edges between shipped files: what Node and the bundler load. */
function runtimeEdges(graph: ImportGraph): Map<string, ResolvedImport[]> {
  const edges = new Map<string, ResolvedImport[]>();
  for (const file of graph.files.values()) {
    if (file.testOnly) continue;
    edges.set(
      file.path,
      file.imports.filter((edge) => {
        const target = edge.target && graph.files.get(edge.target);
        return !edge.typeOnly && target && !target.testOnly;
      }),
    );
  }
  return edges;
}

/** One violation per cycle (strongly connected set of files), naming one loop through it. */
function runtimeCycles(graph: ImportGraph): Violation[] {
  const edges = runtimeEdges(graph);
  const violations: Violation[] = [];
  for (const component of stronglyConnected(edges)) {
    const first = [...component].sort()[0]!;
    const selfLoop = edges.get(first)!.some((edge) => edge.target === first);
    if (component.size === 1 && !selfLoop) continue;
    const loop = loopThrough(first, component, edges);
    const edge = edges.get(first)!.find((edge) => edge.target === loop[1])!;
    violations.push({
      rule: 'runtime-cycle',
      file: first,
      line: edge.line,
      specifier: edge.specifier,
      target: loop[1]!,
      message: `${MESSAGES['runtime-cycle']} ${loop.join(' → ')}`,
    });
  }
  return violations;
}

/** Tarjan's algorithm, iterative (a long import chain would overflow a recursive one). */
function stronglyConnected(edges: Map<string, ResolvedImport[]>): Set<string>[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: Set<string>[] = [];
  let counter = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const out = edges.get(frame.node)!;
      if (frame.next < out.length) {
        const target = out[frame.next++]!.target!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = new Set<string>();
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.add(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** The shortest loop from `first` back to itself inside its component: [first, …, first]. */
function loopThrough(first: string, component: Set<string>, edges: Map<string, ResolvedImport[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [first];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at]!;
    for (const { target } of edges.get(node)!) {
      if (target === first) {
        const loop = [node];
        while (loop[0] !== first) loop.unshift(cameFrom.get(loop[0]!)!);
        return [...loop, first];
      }
      if (target && component.has(target) && !cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [first, first];
}
