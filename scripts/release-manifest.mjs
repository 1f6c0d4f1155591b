// `npm run release:manifest -- [--out release.json] [--url <release page>] [--notes <file>] [--build-info]`:
// writes the release manifest of this checkout (docs/platform-update.md). Maintainers attach the
// file to each public release as `release.json`; installs read it to know the latest version.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { describeZodIssues, releaseManifestSchema } from '@balancer/core';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'release.json' },
    url: { type: 'string' },
    notes: { type: 'string' },
    // Also writes build-info.json ({sha, eventTime}) for a release archive, which has no .git.
    'build-info': { type: 'boolean', default: false },
  },
});

/** @param {string[]} args */
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

if (git('status', '--porcelain', '--untracked-files=no') !== '') {
  console.error('warning: the checkout has uncommitted changes; the manifest names the last commit');
}
// One commit for both parts: the GUI and the API are released together from this repository.
const [sha, seconds] = git('log', '-1', '--format=%H %ct').split(' ');
const commit = { sha, eventTime: Number(seconds) * 1000 };
/** @param {string} name */
const version = (name) => JSON.parse(readFileSync(`packages/${name}/package.json`, 'utf8')).version;

const parsed = releaseManifestSchema.safeParse({
  api: { version: version('server'), ...commit },
  gui: { version: version('web'), ...commit },
  ...(values.notes ? { notes: readFileSync(values.notes, 'utf8').trim() } : {}),
  ...(values.url ? { url: values.url } : {}),
});
if (!parsed.success) {
  console.error(`the manifest would be invalid: ${describeZodIssues(parsed.error)}`);
  process.exit(1);
}
writeFileSync(values.out, `${JSON.stringify(parsed.data, null, 2)}\n`);
console.log(`wrote ${values.out}: API ${parsed.data.api.version}, GUI ${parsed.data.gui.version}, ${sha}`);
if (values['build-info']) {
  writeFileSync('build-info.json', `${JSON.stringify(commit, null, 2)}\n`);
  console.log('wrote build-info.json');
}
