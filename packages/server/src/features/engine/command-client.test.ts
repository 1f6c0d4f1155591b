import { CodedError, type TransactionRecord } from '@balancer/core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BusPayload, ClusterBus } from '../../shared/cluster-bus.js';
import { capturingLogger } from '../../testing/capturing-logger.js';
import { MemoryBusHub } from '../../testing/memory-bus.js';
import { type CommandTimer, EngineCommandClient } from './command-client.js';
import { ENGINE_COMMAND_TOPICS, engineCommandSchema } from './command-wire.js';

// The asking side of an engine command: correlation by id, the two waits (fired by hand), and
// every message that must be ignored. The "leader" here is a bare bus the test answers through.

const TIMING = { acceptMs: 2_000, answerMs: 45_000 };

const TRANSACTION: TransactionRecord = {
  id: 7,
  event_time: 1_700_000_000_000,
  amount: '0.00119',
  side: 'BUY',
  status: 'SUCCEEDED',
  attempts: 1,
  logs: [{ action: 'EXECUTION', outcome: true, eventTime: 1_700_000_000_000, payload: { orderId: 'x' } }],
  intent: { kind: 'increase', level: null, manual: true },
  reason: null,
  position_id: 3,
};

/** Timers the test fires: each started wait with its length, until fired or cancelled. */
function manualTimer() {
  const waits = new Map<number, { ms: number; run: () => void }>();
  let next = 0;
  const timer: CommandTimer = (ms, run) => {
    const key = next++;
    waits.set(key, { ms, run });
    return () => waits.delete(key);
  };
  const fire = (ms: number) => {
    const found = [...waits].filter(([, wait]) => wait.ms === ms);
    expect(found, `one ${ms} ms wait`).toHaveLength(1);
    const [key, wait] = found[0] as [number, { ms: number; run: () => void }];
    waits.delete(key);
    wait.run();
  };
  return { timer, fire, lengths: () => [...waits.values()].map((wait) => wait.ms) };
}

const delivered = () => new Promise((resolve) => setImmediate(resolve));

describe('EngineCommandClient', () => {
  let hub: MemoryBusHub;
  let leader: ClusterBus;
  let other: ClusterBus;
  let client: EngineCommandClient;
  let timers: ReturnType<typeof manualTimer>;
  let lines: string[];
  let commands: Array<{ id: string; from: string }>;

  beforeEach(() => {
    hub = new MemoryBusHub();
    const asker = hub.join('asker');
    leader = hub.join('leader');
    other = hub.join('other');
    commands = [];
    leader.subscribe(ENGINE_COMMAND_TOPICS.command, (payload, from) => {
      commands.push({ id: engineCommandSchema.parse(payload).id, from });
    });
    const captured = capturingLogger();
    lines = captured.lines;
    client = new EngineCommandClient(asker, () => 1_700_000_000_000, captured.logger, TIMING);
    timers = manualTimer();
    client.timer = timers.timer;
  });

  /** Asks for an increase and returns the promise with the command's id once the leader has it. */
  const ask = async () => {
    const answer = client.ask({ kind: 'increase' }, 'user-1');
    answer.catch(() => undefined); // inspected by the test
    await delivered();
    const id = commands.at(-1)?.id ?? '';
    return { answer, id };
  };
  const send = async (bus: ClusterBus, topic: string, payload: BusPayload) => {
    bus.publish(topic, payload);
    await delivered();
  };
  const accept = (id: string, bus = leader, to = 'asker') =>
    send(bus, ENGINE_COMMAND_TOPICS.accepted, { id, to });
  const answerWith = (id: string, bus = leader, to = 'asker') =>
    send(bus, ENGINE_COMMAND_TOPICS.result, { id, to, ok: TRANSACTION as unknown as BusPayload });

  it('sends the command once, with its user, and waits for an acceptance', async () => {
    const { id } = await ask();
    expect(commands).toEqual([{ id, from: 'asker' }]);
    const sent = engineCommandSchema.parse(hub.sent[0]?.payload);
    expect(sent).toMatchObject({ order: { kind: 'increase' }, by: 'user-1', acceptWithinMs: 2_000 });
    expect(timers.lengths()).toEqual([2_000]);
  });

  it('answers the transaction the leader sends after accepting', async () => {
    const { answer, id } = await ask();
    await accept(id);
    expect(timers.lengths()).toEqual([45_000]); // the acceptance wait ended; the answer wait began
    await answerWith(id);
    await expect(answer).resolves.toEqual(TRANSACTION);
    expect(client.waiting).toBe(0);
    expect(timers.lengths()).toEqual([]);
  });

  it('takes an answer that overtakes the acceptance (topics are unordered)', async () => {
    const { answer, id } = await ask();
    await answerWith(id);
    await expect(answer).resolves.toEqual(TRANSACTION);
    await accept(id); // late, ignored
    expect(client.waiting).toBe(0);
    expect(timers.lengths()).toEqual([]);
  });

  it('throws the coded error the leader answers, as the route would', async () => {
    const { answer, id } = await ask();
    await accept(id);
    await send(leader, ENGINE_COMMAND_TOPICS.result, {
      id,
      to: 'asker',
      error: { name: 'ENGINE_NO_POSITION' },
    });
    await expect(answer).rejects.toMatchObject({ code: 3003, routine: true });
  });

  it('answers the retryable 8041 (not ENGINE_STANDBY) when no instance accepts within the short wait', async () => {
    const { answer } = await ask();
    timers.fire(2_000);
    await expect(answer).rejects.toMatchObject({
      code: 8041,
      errorName: 'ENGINE_COMMAND_NOT_ACCEPTED',
      recovery: 'retry',
    });
    expect(client.waiting).toBe(0);
  });

  it('answers 8040 when the leader accepted but did not answer, and ignores its late answer', async () => {
    const { answer, id } = await ask();
    await accept(id);
    timers.fire(45_000);
    const error = await answer.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toMatchObject({ code: 8040, errorName: 'ENGINE_COMMAND_NO_ANSWER' });
    expect((error as CodedError).message).toContain('leader');
    await answerWith(id);
    expect(client.waiting).toBe(0);
    expect(lines.some((line) => line.includes('nobody waits for it'))).toBe(true);
    expect(commands).toHaveLength(1); // never sent again
  });

  it('ignores messages addressed to another instance and answers from one that did not accept', async () => {
    const { answer, id } = await ask();
    await accept(id, leader, 'other');
    await answerWith(id, leader, 'other');
    expect(timers.lengths()).toEqual([2_000]); // still waiting for its own acceptance
    await accept(id);
    await answerWith(id, other);
    expect(client.waiting).toBe(1);
    await answerWith(id);
    await expect(answer).resolves.toEqual(TRANSACTION);
  });

  it('ignores malformed messages and answers to unknown commands', async () => {
    const { answer, id } = await ask();
    await accept(id);
    const malformed: BusPayload[] = [
      null,
      'x',
      { id, to: 'asker' },
      { id, to: 'asker', ok: { id: 'seven' } },
    ];
    for (const payload of malformed) {
      await send(leader, ENGINE_COMMAND_TOPICS.result, payload);
    }
    await send(leader, ENGINE_COMMAND_TOPICS.result, {
      id,
      to: 'asker',
      error: { name: 'NOT_AN_ERROR_NAME' },
    });
    await answerWith('00000000-0000-4000-8000-000000000000');
    expect(client.waiting).toBe(1);
    await answerWith(id);
    await expect(answer).resolves.toEqual(TRANSACTION);
  });

  it('gives every waiting command up with 8040 when the instance stops, and sends none again', async () => {
    const first = await ask();
    const second = await ask();
    await accept(first.id);
    client.abandonAll('this instance is stopping');
    await expect(first.answer).rejects.toMatchObject({ code: 8040 });
    await expect(second.answer).rejects.toMatchObject({ code: 8040 });
    expect(client.waiting).toBe(0);
    expect(timers.lengths()).toEqual([]);
    expect(commands).toHaveLength(2);
  });

  it('keeps two commands apart by id', async () => {
    const first = await ask();
    const second = await ask();
    await accept(second.id);
    await send(leader, ENGINE_COMMAND_TOPICS.result, {
      id: second.id,
      to: 'asker',
      ok: { ...TRANSACTION, id: 8 } as unknown as BusPayload,
    });
    await expect(second.answer).resolves.toMatchObject({ id: 8 });
    await accept(first.id);
    await answerWith(first.id);
    await expect(first.answer).resolves.toMatchObject({ id: 7 });
  });
});
