import { Decimal, roundDecimal } from '@balancer/core';
import { beforeAll, expect, it } from 'vitest';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { call } from '../accounts/test-support.js';
import { type Operator, signedInOperator, transactionCount } from './test-support.js';

// Manual increase and decrease through the API on the simulator, as an operator with a real
// session and real one-time codes. The replay's price moves with the wall clock, so amounts are
// computed from the price of the last tick (what the engine decides on) with the rounding of
// the amount rules: BTC rounded DOWN to 5 dp.

const down5 = (value: Decimal) => roundDecimal(value, 5, 'ROUND_DOWN');

interface TransactionRecord {
  id: number;
  amount: string;
  side: string;
  status: string;
  position_id: number | null;
  logs: Array<{ action: string; outcome: boolean; payload?: Record<string, unknown> }>;
  reason: Record<string, unknown> | null;
}

interface Inbox {
  notifications: Array<{ title: string; description: string }>;
  unread: number;
}

interface PositionRecord {
  id: number;
  last_order_reason?: Record<string, unknown> | null;
  close: number | null;
  amount: string;
  entry_price: string;
}

describeEachReadyApp('manual orders through the API', (ready) => {
  let operator: Operator;
  let positionId: number;

  const price = () => {
    const snapshot = ready().engine?.engine.snapshot();
    if (!snapshot) throw new Error('no tick yet');
    return snapshot.price;
  };
  const increase = () => operator.send({ method: 'POST', url: '/position/increase' }, true);
  const decrease = (body: unknown) =>
    operator.send({ method: 'POST', url: '/position/decrease', body }, true);
  const essentials = () => operator.read<Record<string, unknown>>('/data-join/app-essentials');
  const position = (id: number) => operator.read<PositionRecord>(`/position/record/${id}`);
  /** The price of the EXECUTION log's only fill. */
  const fillPrice = (tx: TransactionRecord) => {
    const order = tx.logs[1]?.payload?.order as { fills: Array<{ price: string }> } | undefined;
    return order?.fills[0]?.price;
  };

  beforeAll(async () => {
    operator = await signedInOperator(ready(), 4);
    // No automatic order while the test runs: the replay's market could trigger one on a tick.
    const strategy = await operator.read('/position/strategy');
    const saved = await operator.send(
      {
        method: 'PUT',
        url: '/position/strategy',
        body: { newConfig: { ...strategy, canIncrease: false, canDecrease: false } },
      },
      true,
    );
    expect(saved.error).toBeNull();
    await ready().tick();
  });

  it('refuses a decrease without an active position and writes nothing', async () => {
    const answer = await decrease({ percentage: 50 });
    expect(answer.code).toBe(3003); // ENGINE_NO_POSITION
    expect(await transactionCount(ready())).toBe(0);
  });

  it('buys the increase amount and answers the finished transaction with its three logs', async () => {
    await operator.send({ method: 'PATCH', url: '/notification/read' });
    const before = await operator.read<{ free: Record<string, string> }>('/position/balances');
    const tickPrice = price();
    const answer = await increase();
    expect(answer.error).toBeNull();
    const tx = answer.data as TransactionRecord;
    // 100 USDT (the default increase amount) ÷ the tick's price, e.g. 100 ÷ 83,992.85 = 0.0011905… → 0.00119.
    const bought = down5(new Decimal(100).dividedBy(tickPrice)).toFixed();
    expect(tx).toMatchObject({
      side: 'BUY',
      status: 'SUCCEEDED',
      amount: bought,
      attempts: 1,
      intent: { kind: 'increase', level: null, manual: true },
      position_id: expect.any(Number),
    });
    expect(tx.logs.map((log) => [log.action, log.outcome])).toEqual([
      ['INITIAL_BALANCES', true],
      ['EXECUTION', true],
      ['CONFIRMATION', true],
    ]);
    expect(tx.logs[0]?.payload).toEqual({ balances: before.free });
    expect(await operator.read(`/position/transaction/${tx.id}`)).toEqual(tx);
    positionId = tx.position_id ?? 0;

    const record = await position(positionId);
    // One buy: the entry price is its fill price, the amount what it filled.
    expect(record).toMatchObject({ close: null, amount: bought, entry_price: fillPrice(tx) });
    const records = await operator.read<PositionRecord[]>('/position/records?limit=5');
    expect(records.map((r) => r.id)).toEqual([positionId]);
    // The list says why the position's newest order was placed.
    expect(records[0]?.last_order_reason).toEqual(tx.reason);
    const trades = await operator.read<Array<Record<string, unknown>>>(
      `/position/record/trades/${positionId}`,
    );
    expect(trades).toEqual([
      expect.objectContaining({ side: 'BUY', amount: bought, transaction_id: tx.id, source: 'exchange' }),
    ]);

    // The reason the order was placed for: the operator's, by nickname, at the tick's price.
    expect(tx.reason).toEqual({
      rule: 'manual',
      side: 'BUY',
      by: operator.nickname,
      share: null,
      wholePosition: false,
      price: new Decimal(tickPrice).toFixed(),
      amountBase: bought,
      amountQuote: expect.any(String),
    });

    // The stored "Transaction succeeded" notification raises the caller's unread count, and
    // tells the fill (amount, price, quote amount, fee) and the reason in the quote's code.
    const inbox = await operator.read<Inbox>('/notification?limit=30');
    const note = inbox.notifications.find((n) => n.title === 'Transaction succeeded');
    expect(note?.description).toMatch(
      new RegExp(
        `^Bought ₿${Number(bought).toFixed(8)} at [\\d,]+\\.\\d\\d USDT for [\\d,]+\\.\\d\\d USDT, fee `,
      ),
    );
    expect(note?.description).toContain(`Why: Manual buy by ${operator.nickname}.`);
    expect(inbox.unread).toBeGreaterThanOrEqual(1);
    expect((await essentials()).unreadNotifications).toBe(inbox.unread);
  });

  it('shows the new position in the essentials after the next tick, as GET /position/record does', async () => {
    expect((await essentials()).position).toBeNull(); // the last tick ran before the buy
    await ready().tick();
    const { position: shown } = await essentials();
    const record = await position(positionId);
    expect(shown).toMatchObject({
      id: positionId,
      close: null,
      archived: false,
      amount: record.amount,
      entry_price: record.entry_price,
      price: price(),
    });
  });

  it('sells half of the position with {percentage: 50}, rounded down to 5 dp', async () => {
    const held = new Decimal((await position(positionId)).amount);
    const answer = await decrease({ percentage: 50 });
    expect(answer.error).toBeNull();
    // e.g. 0.00119 × 50 ÷ 100 = 0.000595 → 0.00059; the 0.0006 left stays above the 0.0002 minimum.
    const sold = down5(held.times(50).dividedBy(100));
    expect(answer.data).toMatchObject({
      side: 'SELL',
      status: 'SUCCEEDED',
      amount: sold.toFixed(),
      intent: { kind: 'decrease', level: null, manual: true },
      reason: { rule: 'manual', side: 'SELL', by: operator.nickname, share: 50, wholePosition: false },
      position_id: positionId,
    });
    const inbox = await operator.read<Inbox>('/notification?limit=30');
    const sold8 = sold.toFixed(8);
    const note = inbox.notifications.find((n) => n.description.startsWith(`Sold ₿${sold8}`));
    expect(note?.description).toContain(
      `Why: Manual sell by ${operator.nickname}: sold 50 % of the position.`,
    );
    expect(note?.description).toMatch(
      /Realised profit [+-][\d,]+\.\d\d USDT; position ROI [+-]?\d+\.\d\d%\./,
    );
    const after = await position(positionId);
    expect(after.last_order_reason).toMatchObject({ rule: 'manual', side: 'SELL', share: 50 });
    expect(after.close).toBeNull();
    expect(new Decimal(after.amount).eq(held.minus(sold))).toBe(true);
  });

  it('closes the position with {percentage: 100}; a further decrease has nothing to sell', async () => {
    const held = (await position(positionId)).amount;
    const answer = await decrease({ percentage: 100 });
    expect(answer.data).toMatchObject({ side: 'SELL', status: 'SUCCEEDED', amount: held });
    const closed = await position(positionId);
    expect(closed.close).toEqual(expect.any(Number));
    expect(closed.amount).toBe('0');
    // The close is told with its result and how long the position was held.
    const inbox = await operator.read<Inbox>('/notification?limit=30');
    const note = inbox.notifications.find((n) => n.title === 'Position closed');
    expect(note?.description).toMatch(
      new RegExp(
        `^Position ${positionId} closed after .+: profit [+-][\\d,]+\\.\\d\\d USDT, ROI [+-]?\\d+\\.\\d\\d% on [\\d,]+\\.\\d\\d USDT invested\\.$`,
      ),
    );
    await ready().tick();
    expect((await essentials()).position).toBeNull();
    const count = await transactionCount(ready());
    expect((await decrease({ percentage: 100 })).code).toBe(3003);
    expect(await transactionCount(ready())).toBe(count);
  });

  it('answers bad decrease arguments with a coded validation error and writes nothing', async () => {
    const count = await transactionCount(ready());
    for (const body of [
      undefined,
      {},
      { percentage: 0 },
      { percentage: 0.99 },
      { percentage: 101 },
      { percentage: '50' },
      { percentage: 1e9 },
      { percentage: null },
      { percentage: 50, extra: true },
      [50],
    ]) {
      const answer = await decrease(body);
      expect(answer.code, JSON.stringify(body)).toBe(6503);
    }
    expect(await transactionCount(ready())).toBe(count);
  });

  it('needs authority 4, a signed-in caller and a valid one-time code', async () => {
    const count = await transactionCount(ready());
    const viewer = await signedInOperator(ready(), 3);
    for (const url of ['/position/increase', '/position/decrease']) {
      const body = url.endsWith('decrease') ? { percentage: 10 } : undefined;
      const request = { method: 'POST' as const, url, ...(body ? { body } : {}) };
      expect((await operator.send(request)).code, `${url} without a code`).toBe(4003);
      expect(
        (await operator.send({ ...request, headers: { 'otp-token': await operator.wrongCode() } })).code,
        `${url} with a wrong code`,
      ).toBe(4004);
      expect((await viewer.send(request, true)).code, `${url} by authority 3`).toBe(4002);
      expect((await call(ready().app, request)).code, `${url} without a token`).toBe(4252);
    }
    expect(await transactionCount(ready())).toBe(count);
  });

  it("applies a saved strategy on the next tick: the plan's increase amount follows it", async () => {
    const plan = async () =>
      ((await essentials()).plan as { increase: { amountQuote: string; amountBase: string } }).increase;
    expect((await plan()).amountQuote).toBe('100');
    const strategy = await operator.read('/position/strategy');
    const saved = await operator.send(
      {
        method: 'PUT',
        url: '/position/strategy',
        body: { newConfig: { ...strategy, increaseAmountQuote: '250' } },
      },
      true,
    );
    expect(saved.error).toBeNull();
    expect((await plan()).amountQuote).toBe('100'); // the last tick's plan until the next tick
    await ready().tick();
    // 250 ÷ the tick's price, 5 dp down, e.g. 250 ÷ 83,992.85 = 0.0029764… → 0.00297.
    expect(await plan()).toMatchObject({
      amountQuote: '250',
      amountBase: down5(new Decimal(250).dividedBy(price())).toFixed(),
    });
  });

  it('runs two increases sent at once one after the other, the second on the balances the first left', async () => {
    const colleague = await signedInOperator(ready(), 4);
    const answers = await Promise.all([
      increase(),
      colleague.send({ method: 'POST', url: '/position/increase' }, true),
    ]);
    const [first, second] = answers
      .map((answer) => answer.data as TransactionRecord)
      .sort((a, b) => a.id - b.id);
    expect([first?.status, second?.status]).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(second?.id).toBe((first?.id ?? 0) + 1);
    // The second decision read the balances after the first order, not the same ones.
    expect(second?.logs[0]?.payload?.balances).toEqual(first?.logs[2]?.payload?.balances);
    expect(second?.position_id).toBe(first?.position_id);
  });
});
