import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedFromTemplate, templateFits, templateKey } from './template.js';

// A template here is a stand-in folder of files (the real one is PGlite's initdb output, made by the
// build): what is checked is which folder gets a copy, and that a copy lands whole.

function setUp(key = templateKey()) {
  const root = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  const template = path.join(root, 'template');
  mkdirSync(path.join(template, 'data/base'), { recursive: true });
  writeFileSync(path.join(template, 'data/PG_VERSION'), '17\n');
  writeFileSync(path.join(template, 'data/base/1'), 'catalog');
  writeFileSync(path.join(template, 'key'), key);
  const dir = path.join(root, 'data/pglite');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return { root, template, dir };
}

describe('the embedded database template', () => {
  it('fills an empty data folder with a copy of the template, mode 0700', () => {
    const { template, dir } = setUp();
    expect(seedFromTemplate(dir, template)).toBe(true);
    expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(path.join(dir, 'base/1'), 'utf8')).toBe('catalog');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // Nothing of the copy's way is left beside it.
    expect(readdirSync(path.dirname(dir))).toEqual(['pglite']);
  });

  it('leaves a folder that holds anything to PGlite (an existing database is never touched)', () => {
    const { template, dir } = setUp();
    writeFileSync(path.join(dir, 'PG_VERSION'), '16\n');
    expect(seedFromTemplate(dir, template)).toBe(false);
    expect(readdirSync(dir)).toEqual(['PG_VERSION']);
  });

  it('is not used when made for another PGlite, missing or unreadable (PGlite runs initdb as before)', () => {
    const other = setUp('@electric-sql/pglite 0.0.1, template format 1');
    expect(templateFits(other.template)).toBe(false);
    expect(seedFromTemplate(other.dir, other.template)).toBe(false);
    expect(readdirSync(other.dir)).toEqual([]);
    const missing = setUp();
    expect(seedFromTemplate(missing.dir, path.join(missing.root, 'nowhere'))).toBe(false);
    const unreadable = setUp();
    rmSync(path.join(unreadable.template, 'data'), { recursive: true });
    expect(seedFromTemplate(unreadable.dir, unreadable.template)).toBe(false);
    expect(readdirSync(path.dirname(unreadable.dir))).toEqual(['pglite']);
  });

  it('replaces what a start stopped midway through a copy left', () => {
    const { template, dir } = setUp();
    mkdirSync(`${dir}.seeding`);
    writeFileSync(`${dir}.seeding/half`, '');
    expect(seedFromTemplate(dir, template)).toBe(true);
    expect(existsSync(`${dir}.seeding`)).toBe(false);
    expect(existsSync(path.join(dir, 'half'))).toBe(false);
  });

  it('names the installed PGlite in its key', () => {
    const manifest = JSON.parse(
      readFileSync(
        path.join(import.meta.dirname, '../../../../../node_modules/@electric-sql/pglite/package.json'),
        'utf8',
      ),
    ) as { version: string };
    expect(templateKey()).toContain(`@electric-sql/pglite ${manifest.version}`);
  });
});
