import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `vite build` warns when its config uses what Vite's native config loader (its planned default)
 * cannot read, such as a relative import without a file extension: a newcomer's first build
 * should print nothing to worry about.
 */
describe('the web build config', () => {
  it('imports its relative modules with their file extension', () => {
    const source = readFileSync('packages/web/vite.config.ts', 'utf8');
    const relative = [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) => match[1]);
    expect(relative.length).toBeGreaterThan(0);
    expect(relative.filter((specifier) => !/\.(ts|js|mjs|json)$/.test(specifier ?? ''))).toEqual([]);
  });
});
