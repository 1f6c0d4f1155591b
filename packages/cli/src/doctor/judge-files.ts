import { type DoctorCheck, fail, ok, warn } from './check.js';

export interface FolderFacts {
  path: string;
  exists: boolean;
  isDirectory: boolean;
  /** The folder's owner and mode bits (stat). */
  uid: number;
  mode: number;
  /** Who runs doctor. */
  currentUid: number;
  /** The name to chown to (the current user's). */
  currentUser: string;
}

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(3, '0');

/** The data folder: there, a folder, the current user's (the platform writes it), closed to others. */
export function judgeDataFolder(facts: FolderFacts): DoctorCheck {
  const name = 'data folder';
  if (!facts.exists) {
    return fail(
      name,
      `${facts.path} does not exist`,
      `pass the server's folder with --data-dir (or BALANCER_DATA_DIR); a new installation creates it at first start (\`npm start\`)`,
    );
  }
  if (!facts.isDirectory)
    return fail(name, `${facts.path} is not a folder`, 'set BALANCER_DATA_DIR to a folder');
  if (facts.uid !== facts.currentUid && facts.currentUid !== 0) {
    return fail(
      name,
      `${facts.path} belongs to uid ${facts.uid}, not to you (uid ${facts.currentUid}): the platform cannot write it`,
      `run as its owner (e.g. \`sudo -u balancer …\`), or \`sudo chown -R ${facts.currentUser} ${facts.path}\``,
    );
  }
  if ((facts.mode & 0o077) !== 0) {
    return warn(
      name,
      `${facts.path} is mode ${octal(facts.mode)}: other users can look inside`,
      `chmod 700 ${facts.path}`,
    );
  }
  const owner = facts.uid === facts.currentUid ? 'yours' : `uid ${facts.uid}'s (you are root)`;
  return ok(name, `${facts.path} (${octal(facts.mode)}, ${owner})`);
}

/** A file holding a secret (secrets.json, root-otp.txt, TLS keys): 0600, readable by its owner only. */
export function judgeSecretFile(file: string, mode: number, check = 'secret file'): DoctorCheck {
  if ((mode & 0o077) === 0) return ok(check, `${file} (${octal(mode)})`);
  return fail(check, `${file} is mode ${octal(mode)}: other users can read a secret`, `chmod 600 ${file}`);
}

const MB = 1024 * 1024;
/** Below these, free space in the data folder warns / fails (backups, PGlite's files, logs). */
export const FREE_SPACE = { warnBytes: 1024 * MB, failBytes: 200 * MB } as const;

export function judgeFreeSpace(folder: string, freeBytes: number): DoctorCheck {
  const shown =
    freeBytes >= 1024 * MB
      ? `${(freeBytes / (1024 * MB)).toFixed(1)} GB`
      : `${Math.floor(freeBytes / MB)} MB`;
  const fix = `free space on that disk (old backups in ${folder}/backups, \`journalctl --vacuum-size=200M\`, \`apt-get clean\`), or move the data folder to a larger one`;
  if (freeBytes < FREE_SPACE.failBytes) return fail('disk', `${shown} free for ${folder}`, fix);
  if (freeBytes < FREE_SPACE.warnBytes)
    return warn('disk', `${shown} free for ${folder} (less than 1 GB)`, fix);
  return ok('disk', `${shown} free for ${folder}`);
}
