import { chmod, rename, writeFile } from 'node:fs/promises';

/**
 * Writes `content` to `file` by rename, so a crash leaves the old file or the new one, never half
 * of one. The mode is set explicitly too: writeFile keeps the mode of a temporary file a crashed
 * earlier write left behind.
 */
export async function writeAtomically(file: string, content: string, mode: number): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode });
  await chmod(temporary, mode);
  await rename(temporary, file);
}
