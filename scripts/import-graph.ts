import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type ImportSpecifier, importSpecifiers } from './import-specifiers.js';

/**
 * The import graph of every source file under packages/*\/src: each specifier resolved to the file
 * it loads, whatever its spelling (`./x.js` for x.ts or x.tsx, `../../features/x`, a folder's
 * index, `@balancer/server/testing` through the package's `exports` and its `@balancer/source`
 * condition, `import('…')`, `export … from`, `require('…')`). Paths are relative to the root, with
 * `/`.
 */
export interface ImportGraph {
  files: Map<string, SourceFile>;
}

export interface SourceFile {
  path: string;
  testOnly: boolean;
  imports: ResolvedImport[];
}

export interface ResolvedImport extends ImportSpecifier {
  /** The repository file it loads (a source, or an asset such as a .css). */
  target?: string;
  /** The npm package (or `node:` module) it loads, for a bare specifier of another package. */
  external?: string;
  /** Set when a relative or workspace specifier names no file: a broken import, or a gap here. */
  unresolved?: true;
}

/**
 * Test-only code: `*.test.ts(x)`, anything under a `testing/` folder, `test-*.ts(x)`, `fixtures.ts`.
 * Everything else under packages/*\/src is shipped. The packages' tsconfig.json files leave the
 * same files out of dist/ (shipped-build.test.ts).
 */
export function isTestOnly(file: string): boolean {
  const name = path.posix.basename(file);
  return (
    /\.test\.tsx?$/.test(name) ||
    /^test-.*\.tsx?$/.test(name) ||
    name === 'fixtures.ts' ||
    file.split('/').slice(0, -1).includes('testing')
  );
}

const SOURCE = /\.tsx?$/;
const SKIP = new Set(['node_modules', 'dist', '.tsbuild']);

function listSources(folder: string, out: string[]): string[] {
  if (!existsSync(folder)) return out;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) listSources(full, out);
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

type Exports = Record<string, string | Record<string, string>>;

/** Each workspace package's name → its folder and its `exports`. */
function workspacePackages(root: string): Map<string, { folder: string; exports: Exports }> {
  const packages = new Map<string, { folder: string; exports: Exports }>();
  const folder = path.join(root, 'packages');
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    const manifest = path.join(folder, name, 'package.json');
    if (!existsSync(manifest)) continue;
    const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; exports?: Exports };
    packages.set(json.name, { folder: path.join(folder, name), exports: json.exports ?? {} });
  }
  return packages;
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** The file a path loads the way TypeScript finds it: `x.js` → x.ts or x.tsx, `x` → x.ts or x/index.ts. */
function resolveFile(base: string): string | undefined {
  const withoutQuery = base.replace(/\?.*$/, ''); // Vite's `icon.svg?raw`
  const candidates = [
    ...(/\.[cm]?jsx?$/.test(withoutQuery)
      ? [
          withoutQuery.replace(/\.([cm]?)js(x?)$/, '.$1ts$2'),
          withoutQuery.replace(/\.([cm]?)jsx?$/, '.$1tsx'),
        ]
      : []),
    withoutQuery,
    `${withoutQuery}.ts`,
    `${withoutQuery}.tsx`,
    path.join(withoutQuery, 'index.ts'),
    path.join(withoutQuery, 'index.tsx'),
  ];
  return candidates.find(isFile);
}

/** `@scope/name/sub` → `@scope/name`; `ccxt/js/x` → `ccxt`; `node:fs` stays. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Builds the graph of the repository (or of a miniature of it, for the tests) at `root`. */
export function buildImportGraph(root: string): ImportGraph {
  const packages = workspacePackages(root);
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

  const resolve = (from: string, specifier: string): Omit<ResolvedImport, keyof ImportSpecifier> => {
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      const target = resolveFile(path.resolve(path.dirname(from), specifier));
      return target ? { target: relative(target) } : { unresolved: true };
    }
    const name = packageName(specifier);
    const workspace = packages.get(name);
    if (!workspace) return { external: name };
    const entry = workspace.exports[`.${specifier.slice(name.length)}`];
    const source = typeof entry === 'string' ? entry : entry?.['@balancer/source'];
    const target = source && resolveFile(path.join(workspace.folder, source));
    return target ? { target: relative(target) } : { unresolved: true };
  };

  const files = new Map<string, SourceFile>();
  for (const folder of packages.values()) {
    for (const file of listSources(path.join(folder.folder, 'src'), [])) {
      const found = importSpecifiers(readFileSync(file, 'utf8'), file.endsWith('.tsx'));
      const imports = found.map((found) => ({ ...found, ...resolve(file, found.specifier) }));
      const name = relative(file);
      files.set(name, { path: name, testOnly: isTestOnly(name), imports });
    }
  }
  return { files };
}
