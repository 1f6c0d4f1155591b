import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load.js';
import { openDatabase } from '../db/connect.js';
import { codeAt } from '../features/accounts/test-support.js';
import { type Running, startPlatform } from '../platform/start.js';
import { asNewClient } from '../testing/cluster/load.js';
import { type InFlightSetup, prepareOrderInFlight } from '../testing/crash-safety/in-flight-setup.js';
import { freePort } from '../testing/spawn-server.js';
import { databaseKinds, type TestDatabase } from '../testing/test-databases.js';

// Issue 31: an order sent to an instance the moment its /ready answers 200 reaches the leader.
// One leader trades (live mode on the local Binance server) while fresh standbys start one after
// another in this process on the same PostgreSQL database; each is asked for a decrease as soon as
// its /ready says 200. With no position the leader answers 3003 (ENGINE_NO_POSITION): the order was
// forwarded and answered. A standby that refused it itself would answer 3000 or 6002. Each
// standby also stops cleanly with an API error still collapsing (two bad sign-ins): no warning.

const postgres = databaseKinds().find((kind) => kind.kind === 'postgresql');
const TRIES = 20;

interface Instance {
  running: Running;
  lines: string[];
  url: string;
  dataDir: string;
  /** What the log said when /ready first answered 200. */
  atReady: string[];
}

describe.skipIf(postgres === undefined)(
  'a fresh standby takes orders once /ready says so [postgresql]',
  () => {
    let target: TestDatabase;
    let setup: InFlightSetup;
    let leader: Instance;

    /** Starts an instance in this process; resolves with it as soon as /ready answers 200. */
    async function startInstance(name: string): Promise<{ ready: Instance; started: Promise<Running> }> {
      const dataDir = mkdtempSync(path.join(tmpdir(), `balancer-${name}-`));
      copyFileSync(path.join(target.options.dataDir, 'secrets.json'), path.join(dataDir, 'secrets.json'));
      const port = await freePort();
      const lines: string[] = [];
      const loaded = loadConfig({
        ...setup.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        BALANCER_DATA_DIR: dataDir,
        INSTANCE_NAME: name,
        LISTEN_BEFORE_READY: 'false',
        TRUST_PROXY: '127.0.0.1',
        UPDATE_SOURCE_URL: 'off',
        LOG_LEVEL: 'info',
      });
      const started = startPlatform({ loaded, webRoot: null, sink: { write: (line) => lines.push(line) } });
      const url = `http://127.0.0.1:${port}`;
      let failed: unknown = null;
      started.catch((error: unknown) => {
        failed = error;
      });
      // As a proxy or supervisor does: ask until it answers 200 (refused while the port is closed).
      for (;;) {
        if (failed) throw failed;
        const status = await fetch(`${url}/ready`, { headers: asNewClient() }).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // The Running object is the start's result; until it resolves, the instance is reached over HTTP only.
      const ready = { running: null as unknown as Running, lines, url, dataDir, atReady: [...lines] };
      return { ready, started: started.then((running) => Object.assign(ready, { running }).running) };
    }

    /** The trader's one-time code for the next order (the replay guard reset: one order per try). */
    async function freshCode(): Promise<string> {
      const handle = await openDatabase(target.options);
      try {
        await handle.db
          .updateTable('users')
          .set({ otp_last_step: 0 })
          .where('nickname', '=', 'trader')
          .execute();
      } finally {
        await handle.close();
      }
      return codeAt(setup.trader.otpSecret, Date.now());
    }

    /** POST /position/decrease as the trader. */
    async function decrease(url: string, code: string): Promise<{ success: boolean; error: string | null }> {
      const response = await fetch(`${url}/position/decrease`, {
        method: 'POST',
        headers: asNewClient({
          authorization: `Bearer ${setup.trader.token}`,
          'otp-token': code,
          'content-type': 'application/json',
        }),
        body: JSON.stringify({ percentage: 50 }),
      });
      return (await response.json()) as { success: boolean; error: string | null };
    }

    /** Two invalid sign-ins: one API error row whose repeat count is written when its minute ends or at the stop. */
    async function collapsingApiError(url: string): Promise<void> {
      for (let round = 0; round < 2; round += 1)
        await fetch(`${url}/auth/jwt/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
    }

    async function stop(instance: Instance): Promise<void> {
      await instance.running.stop();
      rmSync(instance.dataDir, { recursive: true, force: true });
      expect(instance.lines.filter((line) => line.includes('could not write an API error'))).toEqual([]);
      expect(instance.lines.filter((line) => line.includes('stop budget spent'))).toEqual([]);
    }

    beforeAll(async () => {
      target = await (postgres as NonNullable<typeof postgres>).create();
      setup = await prepareOrderInFlight(target.options);
      const first = await startInstance('leader');
      await first.started;
      leader = first.ready;
      expect(leader.running.services.engine.current?.leading).toBe(true);
    }, 60_000);

    afterAll(async () => {
      if (leader?.running) await stop(leader);
      await setup?.exchange.close();
      await target?.dispose();
    });

    it(`${TRIES} fresh standbys: each forwards an order sent the moment /ready says 200, none refused`, async () => {
      for (let round = 1; round <= TRIES; round += 1) {
        const code = await freshCode();
        const standby = await startInstance(`standby-${round}`);
        const answer = await decrease(standby.ready.url, code);
        // By the time /ready said 200, the instance listened to the others and its engine knew it
        // stands by (an order before that was refused with 3000 or 6002).
        const { atReady } = standby.ready;
        expect(atReady.some((line) => line.includes('cluster: the stream and the bus'))).toBe(true);
        expect(
          atReady.some((line) => line.includes('engine on standby')),
          `standby ${round}`,
        ).toBe(true);
        // Answered by the leader: no position to decrease.
        expect(answer.error, `standby ${round}`).toMatch(/\{\(3003\)\}$/);
        const running = await standby.started;
        expect(running.services.engine.current?.leading).toBe(false);
        await collapsingApiError(standby.ready.url);
        await stop(standby.ready);
      }
      const served = leader.lines.filter((line) => line.includes('engine command from another instance'));
      expect(served).toHaveLength(TRIES);
      await collapsingApiError(leader.url);
    }, 120_000);
  },
);
