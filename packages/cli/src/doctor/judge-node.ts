import { type DoctorCheck, fail, ok } from './check.js';

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** Node's version against package.json engines (a `>=X.Y[.Z]` range, the only form used). */
export function judgeNodeVersion(version: string, engines: string): DoctorCheck {
  const wanted = /^\s*>=\s*v?(\d+(?:\.\d+){0,2})\s*$/.exec(engines)?.[1];
  if (!wanted)
    return fail(
      'node',
      `cannot read the engines range "${engines}"`,
      'package.json engines.node should be ">=X.Y"',
    );
  const have = parts(version);
  const need = parts(wanted);
  let newer = 0;
  for (let index = 0; index < 3 && newer === 0; index += 1)
    newer = Math.sign((have[index] ?? 0) - (need[index] ?? 0));
  if (newer >= 0) return ok('node', `Node ${version} (needs ${engines.trim()})`);
  return fail(
    'node',
    `Node ${version} is older than ${engines.trim()}`,
    `install Node ${need[0]} or newer (NodeSource or your distribution; docs/service.md), then \`npm ci\` and \`npm run build\`; as a service, \`npm run cli -- service install\` again (it records node's path)`,
  );
}
