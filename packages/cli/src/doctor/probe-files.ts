import { readdirSync, statfsSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { type DoctorCheck, ok } from './check.js';
import { judgeDataFolder, judgeFreeSpace, judgeSecretFile } from './judge-files.js';

/** Files in the data folder that hold secrets, besides every *.key under tls/ (TLS and ACME keys). */
const SECRET_FILES = ['secrets.json', 'root-otp.txt'];

function keysUnder(folder: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return keysUnder(file);
    return entry.isFile() && entry.name.endsWith('.key') ? [file] : [];
  });
}

/** The data folder, its secret files and the free space on its disk. */
export function checkDataFolder(dataDir: string): DoctorCheck[] {
  const uid = process.getuid?.() ?? 0;
  let stat: import('node:fs').Stats | undefined;
  try {
    stat = statSync(dataDir);
  } catch {
    stat = undefined;
  }
  const folder = judgeDataFolder({
    path: dataDir,
    exists: stat !== undefined,
    isDirectory: stat?.isDirectory() ?? false,
    uid: stat?.uid ?? -1,
    mode: stat?.mode ?? 0,
    currentUid: uid,
    currentUser: userInfo().username,
  });
  if (!stat?.isDirectory()) return [folder];
  const secrets = [
    ...SECRET_FILES.map((name) => path.join(dataDir, name)),
    ...keysUnder(path.join(dataDir, 'tls')),
  ].flatMap((file) => {
    try {
      return [judgeSecretFile(file, statSync(file).mode)];
    } catch {
      return [];
    }
  });
  const looseOnes = secrets.filter((result) => result.status !== 'ok');
  const fs = statfsSync(dataDir);
  return [
    folder,
    ...(looseOnes.length > 0
      ? looseOnes
      : [
          ok(
            'secret files',
            secrets.length === 0 ? 'none yet (made at first start)' : `${secrets.length}, each 0600`,
          ),
        ]),
    judgeFreeSpace(dataDir, fs.bavail * fs.bsize),
  ];
}
