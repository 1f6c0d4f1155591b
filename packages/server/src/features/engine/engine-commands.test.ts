import { CodedError } from '@balancer/core';
import type { Engine, EngineMode } from '@balancer/engine';
import { describe, expect, it } from 'vitest';
import { SYSTEM_CLOCK } from '../../shared/clock.js';
import { capturingLogger } from '../../testing/capturing-logger.js';
import { MemoryBusHub } from '../../testing/memory-bus.js';
import type { PositionsService } from '../../trading/positions.js';
import { ENGINE_COMMAND_TOPICS } from './command-wire.js';
import { EngineCommands } from './engine-commands.js';
import { EngineHolder } from './engine-holder.js';

// Where a manual order runs: on this instance only when its engine holds the lock; an engine still
// starting is waited for (it answered ENGINE_STANDBY while it had not tried the lock yet), and one
// backing off on standby forwards like any standby.

/** An engine that refuses every order as a standby one does (ENGINE_STANDBY). */
function engineIn(mode: EngineMode, leading: boolean): Engine {
  const refuse = async () => {
    throw new CodedError('ENGINE_STANDBY');
  };
  return { mode, leading, increase: refuse, decrease: refuse } as unknown as Engine;
}

function setup(engine: Engine, started?: Promise<unknown>) {
  const hub = new MemoryBusHub();
  const holder = new EngineHolder();
  holder.set(engine, started);
  const commands = new EngineCommands(
    holder,
    {} as PositionsService,
    hub.join('asker'),
    SYSTEM_CLOCK,
    capturingLogger().logger,
  );
  const forwarded = () => hub.sent.filter((message) => message.topic === ENGINE_COMMAND_TOPICS.command);
  return { commands, forwarded };
}

describe('EngineCommands.run', () => {
  it('waits for an engine still starting, then forwards when it stands by', async () => {
    let finishStart: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      finishStart = resolve;
    });
    const engine = engineIn('starting', false);
    const { commands, forwarded } = setup(engine, started);
    const order = commands.run({ kind: 'decrease', percentage: 50 }, 'user-1');
    order.catch(() => undefined); // given up by the stop below
    await new Promise((resolve) => setImmediate(resolve));
    expect(forwarded()).toHaveLength(0);
    Object.assign(engine, { mode: 'standby' });
    finishStart();
    await new Promise((resolve) => setImmediate(resolve));
    expect(forwarded()).toHaveLength(1);
    await commands.stop();
    await expect(order).rejects.toMatchObject({ errorName: 'ENGINE_COMMAND_NO_ANSWER' });
  });

  it('forwards from an engine backing off on standby', async () => {
    const { commands, forwarded } = setup(engineIn('backing-off', false));
    const order = commands.run({ kind: 'increase' }, 'user-1');
    order.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(forwarded()).toHaveLength(1);
    await commands.stop();
  });
});
