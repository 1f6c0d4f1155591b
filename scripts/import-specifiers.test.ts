import { describe, expect, it } from 'vitest';
import { importSpecifiers } from './import-specifiers.js';

const names = (text: string, jsx = false) =>
  importSpecifiers(text, jsx).map(({ specifier, typeOnly }) => `${specifier}${typeOnly ? ' (type)' : ''}`);

describe('importSpecifiers', () => {
  it('finds every way a module is named, with its line', () => {
    const source = [
      "import a from './a.js';",
      "import { b, type B } from './b.js';",
      "import * as c from './c.js';",
      "import './d.js';",
      "export { e } from './e.js';",
      "export * from './f.js';",
      "export * as g from './g.js';",
      'const h = await import("./h.js");',
      "const i = require('./i.js');",
      "import j = require('./j.js');",
      'const k = import(`./k.js`);',
      "import l, {\n  m,\n} from './lm.js';",
    ].join('\n');
    expect(importSpecifiers(source).map(({ specifier, line }) => `${line} ${specifier}`)).toEqual([
      '1 ./a.js',
      '2 ./b.js',
      '3 ./c.js',
      '4 ./d.js',
      '5 ./e.js',
      '6 ./f.js',
      '7 ./g.js',
      '8 ./h.js',
      '9 ./i.js',
      '10 ./j.js',
      '11 ./k.js',
      '14 ./lm.js', // the line of its specifier,
    ]);
  });

  it('tells type-only imports (erased at run time) from those kept', () => {
    const source = [
      "import type { A } from './a.js';",
      "import type * as B from './b.js';",
      "export type { C } from './c.js';",
      "export type * from './d.js';",
      "let e: import('./e.js').E;",
      "type F = typeof import('./f.js');",
      // Kept: verbatimModuleSyntax leaves `import {} from './g.js'` behind.
      "import { type G } from './g.js';",
      "import type from './h.js';", // a default import named `type`
      "import('./i.js').then((i) => i.run());",
      "import type K = require('./k.js');",
      "const j = cond ? a : import('./j.js');",
    ].join('\n');
    expect(names(source)).toEqual([
      './a.js (type)',
      './b.js (type)',
      './c.js (type)',
      './d.js (type)',
      './e.js (type)',
      './f.js (type)',
      './g.js',
      './h.js',
      './i.js',
      './k.js (type)',
      './j.js',
    ]);
  });

  it('reads nothing inside comments, strings, templates and regular expressions', () => {
    const source = [
      "// import a from './a.js';",
      "/* export * from './b.js'; */",
      'const c = "import c from \'./c.js\'";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source read holds templates
      "const d = `import(${x}) import('./d.js') ${`nested ${'}'} import('./d2.js')`}`;",
      "const e = /import('.\\/e.js')/g;",
      "const f = x / 2; const g = y.type / 3; import h from './h.js';",
      'holder.require(); require.resolve("./i.js"); import.meta.url;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source read holds a template
      'const j = import(name); const k = require(`./${name}.js`);',
    ].join('\n');
    expect(names(source)).toEqual(['./h.js']);
  });

  it('reads TSX, where JSX text may hold apostrophes and `#{`', () => {
    const source = [
      "import { lazy } from 'react';",
      "const Page = lazy(() => import('./page'));",
      'export const View = () => (',
      "  <p className={cn('a')}>",
      "    Result #{id} is the sweep's: don't {`x`} here.",
      '  </p>',
      ');',
      "const Other = lazy(() => import('./other'));",
    ].join('\n');
    expect(names(source, true)).toEqual(['react', './page', './other']);
  });
});
