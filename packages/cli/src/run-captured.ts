import { runCli } from './cli.js';

/** What one cli run wrote, for tests: the exit code, stdout and stderr. */
export interface CapturedRun {
  code: number;
  out: string;
  err: string;
}

function sink() {
  const chunks: string[] = [];
  return { write: (chunk: string) => chunks.push(chunk), text: () => chunks.join('') };
}

/** Runs the cli as `npm run cli -- …args` would, with `stdin` as standard input, capturing its output. */
export async function runCaptured(args: readonly string[], stdin = ''): Promise<CapturedRun> {
  const out = sink();
  const err = sink();
  const code = await runCli(args, out, err, async () => stdin);
  return { code, out: out.text(), err: err.text() };
}
