import { CodedError, type TransactionRecord } from '@balancer/core';
import type { Engine } from '@balancer/engine';
import type { Logger } from '../../logging/logger.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import type { Clock } from '../../shared/clock.js';
import type { ClusterBus } from '../../shared/cluster-bus.js';
import type { PositionsService } from '../../trading/positions.js';
import { EngineCommandClient } from './command-client.js';
import {
  ENGINE_COMMAND_TOPICS,
  type EngineCommand,
  type EngineOrder,
  engineCommandSchema,
  resultPayload,
} from './command-wire.js';
import type { EngineHolder } from './engine-holder.js';

/**
 * Runs `order` on `engine` for the operator `by` (their nickname, kept in the order's reason) and
 * reads back the finished transaction: the one code path of a manual order.
 */
async function runOrder(
  engine: Engine,
  positions: PositionsService,
  order: EngineOrder,
  by: string,
): Promise<TransactionRecord> {
  const stored =
    order.kind === 'increase' ? await engine.increase(by) : await engine.decrease(order.percentage, by);
  return positions.transaction(Number(stored.transaction.id));
}

/**
 * Manual orders on any instance (docs/cluster.md, Orders on any instance). An instance whose engine trades (or is
 * not on standby: starting, backing off) runs the order itself; a standby instance sends it over
 * the bus to the instance that trades and answers what that one answers. This instance, when its
 * engine trades, runs the orders the others send.
 */
export class EngineCommands implements BackgroundTask {
  readonly name = 'engine-commands';
  readonly client: EngineCommandClient;

  constructor(
    private readonly holder: EngineHolder,
    private readonly positions: PositionsService,
    private readonly bus: ClusterBus,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.client = new EngineCommandClient(bus, clock.wallNow, logger);
    bus.subscribe(ENGINE_COMMAND_TOPICS.command, (payload, from) => {
      const command = engineCommandSchema.safeParse(payload);
      if (command.success) void this.serve(command.data, from);
      else logger.warn({ from }, 'engine command refused: not a valid command');
    });
  }

  /** Nothing to start: the bus subscriptions are made with the services, so an app that only serves (tests) has them. */
  start(): void {}

  /** Answers every order still waiting for another instance (8040) before the HTTP server closes. */
  async stop(): Promise<void> {
    this.client.abandonAll('this instance is stopping');
  }

  /**
   * Runs `order` for the operator `by` (their nickname) on the engine that trades, here or on another instance. An engine
   * still starting is waited for until it knows whether it leads (the lock tried: milliseconds,
   * or its own start-up reconciliation), never refused for it; one that does not hold the lock
   * (standby, or backing off on standby) sends the order to the leader.
   */
  async run(order: EngineOrder, by: string): Promise<TransactionRecord> {
    const engine = this.holder.require();
    if (engine.mode === 'starting') await this.holder.started;
    if (engine.leading || engine.mode === 'stopped') return runOrder(engine, this.positions, order, by);
    return this.client.ask(order, by);
  }

  private async serve(command: EngineCommand, from: string): Promise<void> {
    const engine = this.holder.current;
    // Only the lock holder answers; a standby (even one backing off) stays silent.
    if (!engine || (engine.mode !== 'trading' && engine.mode !== 'reconciling')) return;
    const context = { command: command.id, kind: command.order.kind, from, by: command.by };
    // Half the asker's wait: the acceptance must reach it before it answers ENGINE_STANDBY.
    if (this.clock.wallNow() > command.sentAt + command.acceptWithinMs / 2) {
      this.logger.warn(context, 'engine command arrived too late: not run (the asker answered standby)');
      return;
    }
    this.bus.publish(ENGINE_COMMAND_TOPICS.accepted, { id: command.id, to: from });
    this.logger.info(context, 'engine command from another instance');
    let outcome: { ok: TransactionRecord } | { error: unknown };
    try {
      outcome = { ok: await runOrder(engine, this.positions, command.order, command.by) };
    } catch (error) {
      if (!(error instanceof CodedError))
        this.logger.error({ ...context, err: error }, 'engine command failed');
      outcome = { error };
    }
    this.bus.publish(ENGINE_COMMAND_TOPICS.result, resultPayload(command.id, from, outcome));
  }
}
