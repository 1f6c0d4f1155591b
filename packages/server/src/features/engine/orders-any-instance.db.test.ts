import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusPayload } from '../../shared/cluster-bus.js';
import { MemoryBusHub } from '../../testing/memory-bus.js';
import { buildReadyApp, type ReadyApp } from '../../testing/ready-app.js';
import { databaseKinds, type TestDatabase } from '../../testing/test-databases.js';
import { call } from '../accounts/test-support.js';
import type { CommandTimer } from './command-client.js';
import { ENGINE_COMMAND_TOPICS } from './command-wire.js';
import { type Operator, signedInOperator, transactionCount } from './test-support.js';

// Two instances on one database, joined by an in-process bus: the first one's engine holds the
// trading lock, the second's stands by. A manual order sent to the standby instance is checked
// there (session, authority, one-time code, body) and run by the trading one, once.

interface TransactionRecord {
  id: number;
  side: string;
  status: string;
  intent: { kind: string; manual: boolean };
}

/** The standby's waits, fired by the test: acceptance (2 s) and answer (45 s). */
function manualTimer() {
  const waits: Array<{ ms: number; run: () => void; cancelled: boolean }> = [];
  const watchers: Array<{ ms: number; notify: () => void }> = [];
  const pending = (ms: number) => waits.filter((wait) => !wait.cancelled && wait.ms === ms);
  const timer: CommandTimer = (ms, run) => {
    const wait = { ms, run, cancelled: false };
    waits.push(wait);
    for (const watcher of watchers.filter((w) => w.ms === ms)) watcher.notify();
    return () => {
      wait.cancelled = true;
    };
  };
  return {
    timer,
    /** Resolves once a wait of `ms` is pending. */
    started: (ms: number) =>
      new Promise<void>((resolve) => {
        if (pending(ms).length > 0) resolve();
        else watchers.push({ ms, notify: resolve });
      }),
    /** Fires the one pending wait of `ms`. */
    fire: (ms: number) => {
      const found = pending(ms);
      expect(found, `one pending ${ms} ms wait`).toHaveLength(1);
      for (const wait of found) {
        wait.cancelled = true;
        wait.run();
      }
    },
  };
}

for (const { kind, create } of databaseKinds()) {
  describe(`manual orders on any instance [${kind}]`, () => {
    let target: TestDatabase | undefined;
    let leader: ReadyApp;
    let standby: ReadyApp;
    let operator: Operator;
    const hub = new MemoryBusHub();
    const timers = manualTimer();

    const commandsSent = () => hub.sent.filter((message) => message.topic === ENGINE_COMMAND_TOPICS.command);
    const increase = () => operator.send({ method: 'POST', url: '/position/increase' }, true);
    const decrease = (body: unknown) =>
      operator.send({ method: 'POST', url: '/position/decrease', body }, true);

    /** Drops the leader's answers until reset; resolves once one is dropped (its order finished). */
    const loseAnswers = () =>
      new Promise<void>((resolve) => {
        hub.drop = (message) => {
          if (message.topic !== ENGINE_COMMAND_TOPICS.result) return false;
          resolve();
          return true;
        };
      });

    beforeAll(async () => {
      target = await create();
      leader = await buildReadyApp(target, { bus: hub.join('leader') });
      standby = await buildReadyApp(target, {
        bus: hub.join('standby'),
        // The embedded database opens once per process: both instances use the same handle.
        ...(kind === 'pglite' ? { sharedHandle: leader.platform.database } : {}),
      });
      standby.services.engineCommands.client.timer = timers.timer;
      operator = await signedInOperator(standby, 4);
    });
    afterAll(async () => {
      await standby?.close();
      await leader?.close();
      await target?.dispose();
    });

    it('has one trading engine and one on standby', () => {
      expect(leader.engine?.engine.mode).toBe('trading');
      expect(standby.engine?.engine.mode).toBe('standby');
    });

    it('places an increase sent to the standby once, on the leader, and answers the same shape', async () => {
      const before = await transactionCount(leader);
      const answer = await increase();
      expect(answer.error).toBeNull();
      const tx = answer.data as TransactionRecord;
      expect(tx).toMatchObject({
        side: 'BUY',
        status: 'SUCCEEDED',
        intent: { kind: 'increase', manual: true },
        // The leader placed it for the operator who asked the standby, by nickname.
        reason: { rule: 'manual', side: 'BUY', by: operator.nickname },
      });
      expect(await transactionCount(leader)).toBe(before + 1);
      expect(commandsSent()).toHaveLength(1);
      // What GET /position/transaction/:id answers on either instance, field for field.
      expect(await operator.read(`/position/transaction/${tx.id}`)).toEqual(tx);
      const leaderLog = leader.logLines.find((line) => line.includes('engine command from another instance'));
      expect(JSON.parse(leaderLog ?? '{}')).toMatchObject({
        from: 'standby',
        by: operator.nickname,
        kind: 'increase',
      });
    });

    it("relays a decrease and the leader's coded refusal", async () => {
      const sold = await decrease({ percentage: 100 });
      expect(sold.data).toMatchObject({ side: 'SELL', status: 'SUCCEEDED', intent: { kind: 'decrease' } });
      const count = await transactionCount(leader);
      const refused = await decrease({ percentage: 100 });
      expect(refused.code).toBe(3003); // ENGINE_NO_POSITION, as on the leader itself
      expect(await transactionCount(leader)).toBe(count);
    });

    it('checks bad input, authority and the one-time code on the standby and sends nothing', async () => {
      const sent = commandsSent().length;
      const count = await transactionCount(leader);
      for (const body of [{}, { percentage: 0 }, { percentage: 101 }, { percentage: '50' }, [50]]) {
        expect((await decrease(body)).code, JSON.stringify(body)).toBe(6503);
      }
      const viewer = await signedInOperator(standby, 3);
      for (const url of ['/position/increase', '/position/decrease']) {
        const request = {
          method: 'POST' as const,
          url,
          ...(url.endsWith('decrease') ? { body: { percentage: 10 } } : {}),
        };
        expect((await operator.send(request)).code).toBe(4003);
        expect(
          (await operator.send({ ...request, headers: { 'otp-token': await operator.wrongCode() } })).code,
        ).toBe(4004);
        expect((await viewer.send(request, true)).code).toBe(4002);
        expect((await call(standby.app, request)).code).toBe(4252);
      }
      expect(commandsSent()).toHaveLength(sent);
      expect(await transactionCount(leader)).toBe(count);
    });

    it('answers 8040 when the leader took the order but its answer never came, and never sends it again', async () => {
      const count = await transactionCount(leader);
      const sent = commandsSent().length;
      const answerLost = loseAnswers();
      try {
        const answer = increase();
        await answerLost; // the leader placed the order and answered; the answer is lost
        timers.fire(45_000);
        const result = await answer;
        expect(result.code).toBe(8040);
        expect(result.error).toContain('Check the transactions before ordering again');
      } finally {
        hub.drop = () => false;
      }
      expect(commandsSent()).toHaveLength(sent + 1);
      expect(await transactionCount(leader)).toBe(count + 1);
      const placed = await leader.db
        .selectFrom('transaction')
        .select(['status'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(placed.status).toBe('SUCCEEDED');
    });

    it('answers a request still waiting for the leader with 8040 when the standby stops', async () => {
      const answerLost = loseAnswers();
      try {
        const count = await transactionCount(leader);
        const answer = increase();
        await timers.started(45_000); // accepted: the leader runs the order
        await standby.services.engineCommands.stop();
        const result = await answer;
        expect(result.code).toBe(8040);
        expect(result.error).toContain('this instance is stopping');
        await answerLost; // the leader finished the order it accepted, once
        expect(await transactionCount(leader)).toBe(count + 1);
      } finally {
        hub.drop = () => false;
      }
    });

    it('answers ENGINE_COMMAND_NOT_ACCEPTED (retryable) after the short wait when no instance trades', async () => {
      const trading = leader.services.engine.require();
      leader.services.engine.set(null);
      try {
        const count = await transactionCount(leader);
        const sent = commandsSent().length;
        const answer = increase();
        await timers.started(2_000);
        timers.fire(2_000);
        expect((await answer).code).toBe(8041);
        expect(await transactionCount(leader)).toBe(count);
        expect(commandsSent()).toHaveLength(sent + 1);
      } finally {
        leader.services.engine.set(trading);
      }
    });

    it('does not run a command that reaches the leader after half the acceptance wait', async () => {
      // Sent 1.5 s ago by an instance waiting 2 s: an acceptance might arrive after that instance
      // answered ENGINE_COMMAND_NOT_ACCEPTED, so the leader leaves it; a fresh one it runs.
      const late = hub.join('late');
      const accepted: BusPayload[] = [];
      late.subscribe(ENGINE_COMMAND_TOPICS.accepted, (payload) => accepted.push(payload));
      const count = await transactionCount(leader);
      const command = (sentAt: number) => ({
        id: randomUUID(),
        order: { kind: 'increase' },
        by: operator.nickname,
        sentAt,
        acceptWithinMs: 2_000,
      });
      const old = command(leader.services.clock.wallNow() - 1_500);
      late.publish(ENGINE_COMMAND_TOPICS.command, old);
      await new Promise((resolve) => setImmediate(resolve));
      expect(leader.logLines.some((line) => line.includes('engine command arrived too late'))).toBe(true);
      expect(accepted).toEqual([]);
      expect(await transactionCount(leader)).toBe(count);

      const result = new Promise<BusPayload>((resolve) =>
        late.subscribe(ENGINE_COMMAND_TOPICS.result, resolve),
      );
      const fresh = command(leader.services.clock.wallNow());
      late.publish(ENGINE_COMMAND_TOPICS.command, fresh);
      expect(await result).toMatchObject({
        id: fresh.id,
        to: 'late',
        ok: { side: 'BUY', status: 'SUCCEEDED' },
      });
      expect(accepted).toEqual([{ id: fresh.id, to: 'late' }]);
      expect(await transactionCount(leader)).toBe(count + 1);
    });

    it('runs an order sent to the leader itself there, without the bus', async () => {
      const own = await signedInOperator(leader, 4);
      const sent = hub.sent.length;
      const answer = await own.send({ method: 'POST', url: '/position/increase' }, true);
      expect(answer.data).toMatchObject({ side: 'BUY', status: 'SUCCEEDED' });
      // No engine command crossed the bus (the order's notification may wake the other
      // instances' delivery workers: notifications:queued).
      const engineTopics = new Set<string>(Object.values(ENGINE_COMMAND_TOPICS));
      expect(hub.sent.slice(sent).filter((message) => engineTopics.has(message.topic))).toEqual([]);
    });
  });
}
