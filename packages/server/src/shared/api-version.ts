import { readFileSync } from 'node:fs';

/** The running API's version (packages/server/package.json; the same path from src/ and dist/). */
export const API_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
