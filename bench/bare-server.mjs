// The bare baseline of bench/startup.mjs: Fastify plus the embedded database, opened by the
// product's own openDatabase (from the build, so wherever the product runs PGlite, a worker
// thread say, this baseline runs it too: the same embedded database cost on both sides).
// It opens the database, listens meanwhile (503 on /ready until open), runs one query and prints
// `bare ready at URL`. GET /read answers one query's rows (the load of the memory figures).
// Env: BALANCER_DATA_DIR, PORT. SIGTERM closes it.
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { openDatabase } from '../packages/server/dist/db/connect.js';

// The server's own Fastify (a dependency of packages/server, not of the repo root).
/** @type {typeof import('fastify').default} */
const Fastify = createRequire(new URL('../packages/server/package.json', import.meta.url))('fastify');

const dataDir = /** @type {string} */ (process.env.BALANCER_DATA_DIR);
const port = Number(process.env.PORT);

const opening = openDatabase({ dataDir });
/** @type {Awaited<typeof opening> | null} */
let handle = null;
const app = Fastify();
app.get('/ready', async (_request, reply) =>
  handle ? { ready: true } : reply.code(503).send({ ready: false }),
);
app.get('/read', async (_request, reply) => {
  if (!handle) return reply.code(503).send({ ready: false });
  const { rows } = await sql`select count(*) as n from pg_catalog.pg_class`.execute(handle.db);
  return rows;
});
await app.listen({ port, host: '127.0.0.1' });
handle = await opening;
await sql`select 1`.execute(handle.db);
process.stdout.write(`bare ready at http://127.0.0.1:${port}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await handle?.close();
    process.exit(0);
  })();
});
