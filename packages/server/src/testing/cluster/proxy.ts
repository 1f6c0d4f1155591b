import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The proxies docs/cluster.md documents; their configuration files are the ones the docs show. */
export type ProxyKind = 'nginx' | 'caddy';

const DOCS = fileURLToPath(new URL('../../../../../docs/cluster/', import.meta.url));
const CONFIG_FILE: Record<ProxyKind, string> = { nginx: 'nginx.conf', caddy: 'Caddyfile' };

export interface RunningProxy {
  kind: ProxyKind;
  url: string;
  /** Ends the proxy (SIGTERM, then SIGKILL after 3 s) and removes its folder. */
  stop(): Promise<void>;
}

/**
 * docs/cluster/<file> with the ports filled in: LISTEN_PORT and INSTANCE_<n>_PORT. The file
 * names three instances; a rig of another size is refused rather than half-configured.
 */
export function proxyConfig(kind: ProxyKind, listenPort: number, instancePorts: readonly number[]): string {
  const text = readFileSync(path.join(DOCS, CONFIG_FILE[kind]), 'utf8');
  const named = new Set([...text.matchAll(/INSTANCE_(\d+)_PORT/g)].map((match) => Number(match[1])));
  if (named.size !== instancePorts.length)
    throw new Error(
      `${CONFIG_FILE[kind]} names ${named.size} instances, the rig has ${instancePorts.length}`,
    );
  const filled = kind === 'caddy' ? trustTestClients(text) : text;
  return filled
    .replaceAll('LISTEN_PORT', String(listenPort))
    .replace(/INSTANCE_(\d+)_PORT/g, (_, n: string) => String(instancePorts[Number(n) - 1]));
}

/**
 * The test's own addition to the documented Caddyfile: Caddy keeps the X-Forwarded-For of clients
 * on loopback (the test's loaders, each request claiming an address of its own), as nginx's
 * config does for every client, so the loaders are not one address hitting a per-address rate
 * limit. Debian's Caddy (2.6) takes `trusted_proxies` in the reverse_proxy block (2.7 moved it to
 * the global `servers` option); the block's documented lines stay as they are.
 */
function trustTestClients(text: string): string {
  const line = '\t\tlb_policy round_robin\n';
  if (!text.includes(line)) throw new Error('Caddyfile: the reverse_proxy block no longer sets lb_policy');
  return text.replace(line, `${line}\t\ttrusted_proxies 127.0.0.1/32\n`);
}

/** Resolves once the port accepts a connection; throws after `deadlineMs` or when the child exits. */
async function accepting(port: number, child: ChildProcess, log: () => string, deadlineMs = 15_000) {
  const until = Date.now() + deadlineMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the proxy exited (${child.exitCode}):\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`the proxy does not listen on ${port}:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts nginx or Caddy (from Debian's packages; .ci/run installs them) in the foreground. */
export async function startProxy(
  kind: ProxyKind,
  listenPort: number,
  instancePorts: readonly number[],
): Promise<RunningProxy> {
  const folder = mkdtempSync(path.join(tmpdir(), `balancer-${kind}-`));
  mkdirSync(path.join(folder, 'logs'));
  const file = path.join(folder, CONFIG_FILE[kind]);
  writeFileSync(file, proxyConfig(kind, listenPort, instancePorts));
  const child =
    kind === 'nginx'
      ? spawn(
          'nginx',
          ['-p', folder, '-c', file, '-g', `daemon off; pid ${folder}/nginx.pid; error_log stderr warn;`],
          {
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        )
      : spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, HOME: folder, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder },
        });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  try {
    await accepting(listenPort, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    kind,
    url: `http://127.0.0.1:${listenPort}`,
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
