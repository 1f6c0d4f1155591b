// The server half of bench/http.ts, run as its own process so the load generator's CPU never
// counts: `http-server.ts bare` (a Fastify hello-world, nothing else) or `http-server.ts product`
// (the real platform in-process, embedded PGlite, default configuration but TRUST_PROXY=true; one
// authority-2 user signed in over the API with a real code and captcha). LOG_LEVEL comes from the
// environment. Prints one JSON line `{"url", "token"}` once listening; then answers each `cpu`
// line on stdin with `{"cpuUs"}` (process.cpuUsage user + system, µs) and exits on `stop`.
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import Fastify from 'fastify';
import { benchEnvironment, prepareUsers, signInOverApi, startBenchPlatform } from './bench-users.js';

const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

async function bare(): Promise<{ url: string; token: string; stop: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/ping', async () => ({ hello: 'world' }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, token: '', stop: () => app.close() };
}

async function product(): Promise<{ url: string; token: string; stop: () => Promise<void> }> {
  const { dir, env } = await benchEnvironment('http', {
    // The load comes through a "proxy": each request names one of many client addresses, so the
    // per-address limits stay in force and are never reached (bench/http.ts checks it).
    TRUST_PROXY: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  });
  const [person] = await prepareUsers(env, 'http', 1, 2);
  if (!person) throw new Error('no user');
  const { running, url } = await startBenchPlatform(env);
  const { token } = await signInOverApi(running.app, person);
  return {
    url,
    token,
    stop: async () => {
      await running.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const server = process.argv[2] === 'product' ? await product() : await bare();
say({ url: server.url, token: server.token });
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'cpu') {
    const { user, system } = process.cpuUsage();
    say({ cpuUs: user + system });
  } else if (line === 'stop') {
    await server.stop();
    process.exit(0);
  }
}
