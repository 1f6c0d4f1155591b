import { CodedError } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import {
  engineCommandResultSchema,
  engineCommandSchema,
  resultOutcome,
  resultPayload,
} from './command-wire.js';

// The result message: what the trading instance sends is rebuilt on the asker as the same coded
// error (code, detail, routine flag), or the same transaction.

const ID = '5b0e6a4e-3c1f-4a57-9d1e-2f4b8c6d7e90';
const roundTrip = (payload: unknown) =>
  resultOutcome(engineCommandResultSchema.parse(JSON.parse(JSON.stringify(payload))));

describe('engine command messages', () => {
  it('carries a coded error with its detail', () => {
    const thrown = () =>
      roundTrip(resultPayload(ID, 'a', { error: new CodedError('ENGINE_NO_POSITION', 'none open') }));
    expect(thrown).toThrow(CodedError);
    expect(thrown).toThrow(expect.objectContaining({ code: 3003, detail: 'none open', routine: true }));
  });

  it('sends an uncoded failure as INTERNAL_ERROR, never its text', () => {
    const payload = resultPayload(ID, 'a', { error: new Error('secret-ish internals') });
    expect(JSON.stringify(payload)).not.toContain('secret-ish');
    expect(() => roundTrip(payload)).toThrow(expect.objectContaining({ errorName: 'INTERNAL_ERROR' }));
  });

  it('refuses a decrease outside 1–100 % and unknown order kinds', () => {
    const command = { id: ID, by: 'u', sentAt: 1, acceptWithinMs: 2_000 };
    expect(
      engineCommandSchema.safeParse({ ...command, order: { kind: 'decrease', percentage: 50 } }).success,
    ).toBe(true);
    for (const order of [
      { kind: 'decrease', percentage: 101 },
      { kind: 'decrease' },
      { kind: 'sync-trades' },
    ]) {
      expect(engineCommandSchema.safeParse({ ...command, order }).success, JSON.stringify(order)).toBe(false);
    }
  });
});
