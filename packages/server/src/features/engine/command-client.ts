import { randomUUID } from 'node:crypto';
import { CodedError, type TransactionRecord } from '@balancer/core';
import type { Logger } from '../../logging/logger.js';
import type { ClusterBus } from '../../shared/cluster-bus.js';
import {
  ENGINE_COMMAND_TOPICS,
  type EngineCommand,
  type EngineOrder,
  engineCommandAcceptedSchema,
  engineCommandResultSchema,
  resultOutcome,
} from './command-wire.js';

/** Calls `run` once after `ms` milliseconds; the returned function cancels it. */
export type CommandTimer = (ms: number, run: () => void) => () => void;

export const REAL_COMMAND_TIMER: CommandTimer = (ms, run) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};

/**
 * How long a standby instance waits (docs/cluster.md, Orders on any instance). Accepting takes one bus round trip
 * (milliseconds), so 2 s without an acceptance means no instance trades right now (a takeover under way):
 * ENGINE_COMMAND_NOT_ACCEPTED, which the caller may retry (the leader never runs a command that late). The answer takes the
 * order itself: at worst an order queued behind the leader's tick or another order, then the
 * balances, the placement (a look-up, the order, on doubt a second look-up), the engine's 10 s
 * confirmation delay and two more exchange requests — about 15 s typically; 45 s covers that on a
 * slow exchange and stays under a proxy's usual 60 s read timeout (nginx's default), so the caller
 * gets this coded answer rather than the proxy's 504.
 */
export const COMMAND_TIMING = { acceptMs: 2_000, answerMs: 45_000 } as const;

interface Pending {
  /** The instance that accepted the command; null until one does. */
  leader: string | null;
  resolve(record: TransactionRecord): void;
  reject(error: CodedError): void;
  cancelTimer(): void;
}

/**
 * The asking side: sends a command, waits for the trading instance to accept it, then for its
 * answer. Each waiting command is matched by its id; messages for other instances, from an
 * instance other than the one that accepted, or after the command gave up, are ignored. Nothing is
 * ever sent twice: a command that got no answer is reported, not repeated.
 */
export class EngineCommandClient {
  /** Replaced by tests to fire the waits by hand. */
  timer: CommandTimer = REAL_COMMAND_TIMER;
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly bus: ClusterBus,
    private readonly wallNow: () => number,
    private readonly logger: Logger,
    private readonly timing: { acceptMs: number; answerMs: number } = COMMAND_TIMING,
  ) {
    bus.subscribe(ENGINE_COMMAND_TOPICS.accepted, (payload, from) => {
      const accepted = engineCommandAcceptedSchema.safeParse(payload);
      if (accepted.success && accepted.data.to === bus.instance) this.accepted(accepted.data.id, from);
    });
    bus.subscribe(ENGINE_COMMAND_TOPICS.result, (payload, from) => {
      const result = engineCommandResultSchema.safeParse(payload);
      if (!result.success || result.data.to !== bus.instance) return;
      const waiting = this.pending.get(result.data.id);
      if (!waiting || (waiting.leader !== null && waiting.leader !== from)) {
        this.logger.warn(
          { command: result.data.id, from },
          'engine command answer ignored: nobody waits for it',
        );
        return;
      }
      this.pending.delete(result.data.id);
      waiting.cancelTimer();
      try {
        waiting.resolve(resultOutcome(result.data));
      } catch (error) {
        waiting.reject(error as CodedError);
      }
    });
  }

  /** How many commands wait for an answer. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Asks the trading instance to run `order` for user `by`; answers what its route would answer. */
  ask(order: EngineOrder, by: string): Promise<TransactionRecord> {
    const command: EngineCommand = {
      id: randomUUID(),
      order,
      by,
      sentAt: this.wallNow(),
      acceptWithinMs: this.timing.acceptMs,
    };
    return new Promise((resolve, reject) => {
      const waiting: Pending = { leader: null, resolve, reject, cancelTimer: () => {} };
      waiting.cancelTimer = this.timer(this.timing.acceptMs, () =>
        this.giveUp(
          command.id,
          new CodedError(
            'ENGINE_COMMAND_NOT_ACCEPTED',
            `command ${command.id} not accepted within ${this.timing.acceptMs} ms`,
          ),
        ),
      );
      this.pending.set(command.id, waiting);
      this.bus.publish(ENGINE_COMMAND_TOPICS.command, command);
    });
  }

  /**
   * Gives every waiting command up with ENGINE_COMMAND_NO_ANSWER (the instance stops): its caller
   * gets the coded answer before the HTTP server closes; an order accepted elsewhere goes on there.
   */
  abandonAll(reason: string): void {
    for (const [id, waiting] of this.pending) {
      waiting.cancelTimer();
      this.giveUp(id, new CodedError('ENGINE_COMMAND_NO_ANSWER', `${reason}, command ${id}`));
    }
  }

  private accepted(id: string, from: string): void {
    const waiting = this.pending.get(id);
    if (!waiting || waiting.leader !== null) return;
    waiting.leader = from;
    waiting.cancelTimer();
    waiting.cancelTimer = this.timer(this.timing.answerMs, () => {
      this.logger.warn({ command: id, leader: from }, 'engine command: the trading instance did not answer');
      this.giveUp(id, new CodedError('ENGINE_COMMAND_NO_ANSWER', `instance ${from}, command ${id}`));
    });
  }

  private giveUp(id: string, error: CodedError): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    waiting.reject(error);
  }
}
