import {
  chmodSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The embedded database's template: a PGlite data folder right after initdb, made once by the
// build (scripts/pglite-template.mjs) and copied into an empty data folder at its first start.
// PGlite's own initdb runs a second PostgreSQL instance in WebAssembly beside a copy of its memory:
// ~800 MB for 5–15 s, twice what the server holds afterwards. The copy is ~40 MB of files.

/** Bumped when the template's making changes: a template of another making is not used. */
const TEMPLATE_FORMAT = 2;

/**
 * What a template is good for: the installed PGlite's version (a data folder opens only with the
 * PostgreSQL build that made it) and the template's format. Kept in the template's `key` file.
 */
export function templateKey(): string {
  // The package exports no package.json; its CommonJS entry sits in dist/, one folder below it.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return `@electric-sql/pglite ${version}, template format ${TEMPLATE_FORMAT}`;
}

function readKey(templateDir: string): string | undefined {
  try {
    return readFileSync(path.join(templateDir, 'key'), 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether `templateDir` holds a template made for the installed PGlite. */
export function templateFits(templateDir: string): boolean {
  return readKey(templateDir) === templateKey();
}

/**
 * Fills the empty embedded database folder `dir` from the template in `templateDir` when that one
 * fits and can be read; returns whether it did (if not, PGlite runs initdb on the folder as before). The copy goes
 * to a sibling folder first and is renamed into place: a start stopped midway leaves no half
 * database behind, only a sibling the next start replaces.
 */
export function seedFromTemplate(dir: string, templateDir: string): boolean {
  if (readdirSync(dir).length > 0 || !templateFits(templateDir)) return false;
  const partial = `${dir}.seeding`;
  rmSync(partial, { recursive: true, force: true });
  try {
    cpSync(path.join(templateDir, 'data'), partial, { recursive: true });
  } catch {
    // Unreadable here (built by another user, say) or incomplete: PGlite's initdb still works.
    rmSync(partial, { recursive: true, force: true });
    return false;
  }
  chmodSync(partial, 0o700);
  renameSync(partial, dir);
  return true;
}

/**
 * Makes the template in `templateDir` (replacing any): PGlite's initdb on an empty folder, then a
 * clean close. Run it in a process of its own: initdb's memory is returned when that process ends.
 */
export async function makeTemplate(templateDir: string): Promise<void> {
  const partial = `${templateDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const data = path.join(partial, 'data');
  mkdirSync(data, { recursive: true, mode: 0o700 });
  // Loaded here only: the server's main thread and the build's check never load PGlite.
  const [{ PGlite }, { EMBEDDED_PGLITE_OPTIONS }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./options.js'),
  ]);
  const pglite = new PGlite(data, EMBEDDED_PGLITE_OPTIONS);
  await pglite.waitReady;
  await pglite.close();
  writeFileSync(path.join(partial, 'key'), templateKey());
  // Readable by the service's own user when root built it (nothing in it is secret: an empty
  // cluster); each copy is made 0700 (seedFromTemplate).
  chmodSync(data, 0o755);
  chmodSync(partial, 0o755);
  rmSync(templateDir, { recursive: true, force: true });
  renameSync(partial, templateDir);
}
