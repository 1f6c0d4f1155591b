import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildImportGraph } from './import-graph.js';
import { checkImports, type Violation } from './import-rules.js';

// The boundary rules over the whole import graph (ARCHITECTURE.md, "Boundary rules"). What they
// keep, as the lint patterns meant it before them:
// - features: a file under packages/{server,web}/src/features/<a>/, at any depth, imports nothing
//   under features/<b>/ — no public index, no exception; what two features share moves to a
//   shared layer (server: shared/, trading/, http/…; web: lib/, components/, essentials/…), and
//   the composition roots (server platform/, web app/) are not features. Test-only files are free
//   to: a feature's tests may sign in through the accounts feature's test support.
// - a web feature imports nothing under packages/web/src/app/.
// - shipped code imports no test-only code. `@balancer/server/testing` (and engine's) is test
//   code like any other: no shipped file imports it, so it has no exception.
// - no runtime cycle among shipped files: `import type`, `export type` and types written
//   `import('…').T` are erased, the rest (dynamic imports included) load at run time.
// - ccxt only in packages/engine/src/adapters/ccxt/ (type imports included).
// An exception would be listed here by name, with its reason; there is none.

const ROOT = path.resolve(import.meta.dirname, '..');

const format = (violation: Violation) =>
  `${violation.rule} ${violation.file}:${violation.line} '${violation.specifier}'` +
  (violation.target ? ` → ${violation.target}` : '') +
  `\n  ${violation.message}`;

describe('the import rules on the repository', () => {
  const graph = buildImportGraph(ROOT);

  it('resolve every import of every source file', () => {
    expect(graph.files.size).toBeGreaterThan(1000);
    const testing = graph.files.get('packages/web/src/testing/browser.ts')!;
    expect(testing.imports.find((edge) => edge.specifier === '@balancer/server/testing')?.target).toBe(
      'packages/server/src/testing/index.ts',
    );
  });

  it('hold', () => {
    expect(checkImports(graph).map(format)).toEqual([]);
  });
});

/** A miniature of the repository with one planted violation (or allowed import) per file. */
const PACKAGES: Record<string, Record<string, unknown>> = {
  core: { '.': { '@balancer/source': './src/index.ts', default: './dist/index.js' } },
  engine: {
    '.': { '@balancer/source': './src/index.ts' },
    './testing': { '@balancer/source': './src/testing/binance-server/index.ts' },
  },
  server: {
    '.': { '@balancer/source': './src/index.ts' },
    './testing': { '@balancer/source': './src/testing/index.ts', default: './.tsbuild/testing/index.js' },
  },
  web: {},
};

const FILES: Record<string, string> = {
  'core/src/index.ts': 'export const one = 1;\n',
  'engine/src/index.ts': "export * from './adapters/ccxt/client.js';\n",
  'engine/src/adapters/ccxt/client.ts': "import ccxt from 'ccxt';\nexport const client = ccxt;\n",
  'engine/src/adapters/ccxt/client.test.ts': "import { client } from './client.js';\n",
  'engine/src/testing/binance-server/index.ts': "import { one } from '@balancer/core';\nexport { one };\n",
  'server/src/index.ts': "export { one } from '@balancer/core';\n",
  'server/src/shared/clock.ts': 'export const now = () => 0;\n',
  'server/src/testing/index.ts': "export * from './route-samples.js';\n",
  'server/src/testing/route-samples.ts': 'export const SAMPLES = [];\n',
  'server/src/features/zz-b/service.ts': 'export class Service {}\n',
  'server/src/features/zz-a/routes.ts': [
    "import { now } from '../../shared/clock.js';", // a shared layer: allowed
    "import { deep } from './one/two/deep.js';", // its own sub-folders: allowed
    "import { one } from '@balancer/core';",
    'export { now, deep, one };',
  ].join('\n'),
  'server/src/features/zz-a/routes.test.ts': "import { Service } from '../zz-b/service.js';\n",
  // (a) a feature imports another: the plain spelling, the two holes of the lint patterns (a path
  // through features/, a file three folders deep), a dynamic import.
  'server/src/features/zz-a/plain.ts': "export { Service } from '../zz-b/service.js';\n",
  'server/src/features/zz-a/through-features.ts':
    "import { Service } from '../../features/zz-b/service.js';\n",
  'server/src/features/zz-a/one/two/deep.ts':
    "export const deep = await import('../../../zz-b/service.js');\n",
  'web/src/features/zz-b/index.ts': "export { Page } from './page';\n",
  'web/src/features/zz-b/page.tsx': 'export const Page = () => <p>b</p>;\n',
  'web/src/features/zz-a/folder-index.tsx': "import { Page } from '../zz-b';\n",
  'web/src/features/zz-a/one/two/three/deep.tsx': "import { Page } from '../../../../zz-b/page.tsx';\n",
  // (b) a web feature imports the app.
  'web/src/app/router.tsx': "import { Page } from '../features/zz-b';\nexport const router = [Page];\n",
  'web/src/features/zz-a/uses-app.tsx': "import { router } from '../../app/router';\n",
  'web/src/features/zz-a/one/two/uses-app.tsx': "import type { router } from '../../../../app/router.js';\n",
  // (c) shipped code imports test-only code: a testing/ folder, the package's testing entry, a
  // re-export of fixtures, a require of a test-* file, a test file.
  'server/src/http/probe.ts': "import { SAMPLES } from '../testing/route-samples.js';\n",
  'server/src/platform/samples.ts': "import { SAMPLES } from '@balancer/server/testing';\n",
  'server/src/platform/fixtures.ts': 'export const FIXTURE = 1;\n',
  'server/src/platform/re-export.ts': "export { FIXTURE } from './fixtures.js';\n",
  'server/src/platform/test-support.ts': 'export const support = 1;\n',
  'server/src/platform/required.ts': "const support = require('./test-support.js');\n",
  'engine/src/live/binance.ts': "import { one } from '@balancer/engine/testing';\n",
  'web/src/lib/helper.test.ts': 'export const helper = 1;\n',
  'web/src/lib/uses-test.ts': "import { helper } from './helper.test';\n",
  // (d) a runtime cycle (one violation for the three files); a cycle through a type-only import is
  // none.
  'server/src/cycle/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
  'server/src/cycle/b.ts': "export { c as b } from './c.js';\n",
  'server/src/cycle/c.ts': "export const c = () => import('./a.js');\n",
  'server/src/typed/a.ts': "import type { B } from './b.js';\nexport type A = B;\n",
  'server/src/typed/b.ts': "import { a } from './a.js';\nexport type B = string;\nexport const b = a;\n",
  // (e) ccxt outside the adapter, even for types.
  'engine/src/live/exchange.ts': "import type { Exchange } from 'ccxt';\n",
  'server/src/features/zz-b/markets.ts': "const markets = await import('ccxt/js/src/base/Exchange.js');\n",
  // A broken import, which the graph cannot follow.
  'core/src/broken.ts': "import { gone } from './missing.js';\n",
};

describe('the import rules on planted violations', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'balancer-import-rules-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  for (const [name, exports] of Object.entries(PACKAGES)) {
    mkdirSync(path.join(root, 'packages', name), { recursive: true });
    writeFileSync(
      path.join(root, 'packages', name, 'package.json'),
      JSON.stringify({ name: `@balancer/${name}`, exports }),
    );
  }
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, 'packages', file)), { recursive: true });
    writeFileSync(path.join(root, 'packages', file), text);
  }
  const found = checkImports(buildImportGraph(root)).map(
    (violation) => `${violation.rule} ${violation.file.replace(/^packages\//, '')}`,
  );

  it('refuse each one, and nothing else', () => {
    expect(found).toEqual(
      [
        'feature-imports-feature server/src/features/zz-a/plain.ts',
        'feature-imports-feature server/src/features/zz-a/through-features.ts',
        'feature-imports-feature server/src/features/zz-a/one/two/deep.ts',
        'feature-imports-feature web/src/features/zz-a/folder-index.tsx',
        'feature-imports-feature web/src/features/zz-a/one/two/three/deep.tsx',
        'web-feature-imports-app web/src/features/zz-a/uses-app.tsx',
        'web-feature-imports-app web/src/features/zz-a/one/two/uses-app.tsx',
        'shipped-imports-test-only server/src/http/probe.ts',
        'shipped-imports-test-only server/src/platform/samples.ts',
        'shipped-imports-test-only server/src/platform/re-export.ts',
        'shipped-imports-test-only server/src/platform/required.ts',
        'shipped-imports-test-only engine/src/live/binance.ts',
        'shipped-imports-test-only web/src/lib/uses-test.ts',
        'runtime-cycle server/src/cycle/a.ts',
        'ccxt-outside-adapter engine/src/live/exchange.ts',
        'ccxt-outside-adapter server/src/features/zz-b/markets.ts',
        'unresolved core/src/broken.ts',
      ].sort((a, b) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!)),
    );
  });
});
