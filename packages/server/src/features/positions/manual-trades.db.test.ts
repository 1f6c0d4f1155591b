import { parseCodedMessage } from '@balancer/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PlatformClock } from '../../shared/clock.js';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { DatabaseEngineStore } from '../../trading/engine-store.js';
import { ManualTradesService } from '../../trading/manual-trades.js';
import { ASSETS, exchangeTrade, MINUTE, resetTrading, T0 } from '../../trading/test-support.js';

const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);
const HOUR = 60 * MINUTE;

describeEachDatabase('manual trades', (ctx) => {
  let ops: ReadyOpsApp;
  let store: DatabaseEngineStore;
  let position: number;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle);
    store = new DatabaseEngineStore(ops.platform, ASSETS);
    await resetTrading(ctx().handle.db);
    // The active position opens with an exchange buy of 0.001 BTC at 95,000.
    const { opened } = await store.addExchangeTrades([exchangeTrade('6001', 'BUY', T0, '95000', '0.001')]);
    position = Number(opened[0]);
  });
  afterAll(() => ops.app.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, trade?: unknown, headers = asUser(4, true)) =>
    ops.call({ method, url, headers, ...(trade === undefined ? {} : { payload: { trade } as object }) });
  const trades = async (id = position) =>
    (await ops.call({ method: 'GET', url: `/position/record/trades/${id}`, headers: asUser(2) })).body
      .data as Array<{
      id: number;
      source: string;
      side: string;
      amount: string;
      quote_amount: string;
    }>;
  const record = async (id = position) =>
    (await ops.call({ method: 'GET', url: `/position/record/${id}`, headers: asUser(2) })).body.data as {
      amount: string;
      entry_price: string;
      close: number | null;
    };

  it('adds, edits and deletes manual trades of the active position', async () => {
    const added = await send('POST', '/position/trade', {
      side: 'BUY',
      time: T0 + HOUR,
      price: '93000',
      amount: '0.0005',
    });
    expect(added.body.error).toBeNull();
    expect(added.body.data).toMatchObject({
      position_id: position,
      exchange_trade_id: null,
      source: 'manual',
      quote_amount: '46.5', // 93,000 × 0.0005
      commission: '0',
      commission_asset: 'QUOTE',
    });
    const id = (added.body.data as { id: number }).id;
    // (95 + 46.5) ÷ 0.0015 = 94,333.33
    expect(await record()).toMatchObject({ amount: '0.0015', entry_price: '94333.33' });

    const edited = await send('PUT', `/position/trade/${id}`, {
      side: 'BUY',
      time: T0 + HOUR,
      price: '93000',
      amount: '0.001',
      quoteAmount: '93.05',
      commission: '0.000001',
      commissionAsset: 'BASE',
    });
    expect(edited.body.data).toMatchObject({
      id,
      amount: '0.001',
      quote_amount: '93.05',
      commission_asset: 'BASE',
    });
    // 0.001 + 0.001 − 0.000001 BTC fee = 0.001999; entry (95 + 93) ÷ 0.002 = 94,000
    expect(await record()).toMatchObject({ amount: '0.001999', entry_price: '94000' });

    const removed = await send('DELETE', `/position/trade/${id}`);
    expect(removed.body.data).toMatchObject({ id, source: 'manual' });
    expect((await trades()).map((trade) => trade.source)).toEqual(['exchange']);
  });

  it('refuses a change that breaks the position, or of a trade it may not touch, and changes nothing', async () => {
    const before = await trades();
    const buy = { side: 'BUY', time: T0 + HOUR, price: '93000', amount: '0.0005' };
    const cases: Array<[string, 'POST' | 'PUT' | 'DELETE', string, unknown]> = [
      // 0.001 held − 0.002 sold = −0.001
      ['negative amount', 'POST', '/position/trade', { ...buy, side: 'SELL', amount: '0.002' }],
      ['before open', 'POST', '/position/trade', { ...buy, time: T0 - 1 }],
      ['in the future', 'POST', '/position/trade', { ...buy, time: Date.now() + HOUR }],
      ['exchange trade edit', 'PUT', `/position/trade/${before[0]?.id}`, buy],
      ['exchange trade delete', 'DELETE', `/position/trade/${before[0]?.id}`, undefined],
      ['missing trade', 'PUT', '/position/trade/999999', buy],
    ];
    const expected = [3512, 3514, 3515, 3554, 3554, 3761];
    for (const [index, [name, method, url, trade]] of cases.entries()) {
      expect(codeOf((await send(method, url, trade)).body.error), name).toBe(expected[index]);
    }
    for (const bad of [
      { ...buy, price: '0' },
      { ...buy, amount: '-0.001' },
      { ...buy, amount: '1e-3' },
      { ...buy, side: 'HOLD' },
      { ...buy, time: 'yesterday' },
      { ...buy, fee: '1' },
      { side: 'BUY', price: '93000', amount: '0.0005' },
    ]) {
      expect(codeOf((await send('POST', '/position/trade', bad)).body.error), JSON.stringify(bad)).toBe(6503);
    }
    expect(codeOf((await send('PUT', '/position/trade/abc', buy)).body.error)).toBe(6503);
    expect(await trades()).toEqual(before);
  });

  it("dates trades by the engine's market clock: after the replay's now is in the future, whatever the wall says", async () => {
    // The simulator's replay stands at T0 + 90 min while the wall clock is months later.
    const clock = new PlatformClock();
    clock.runMarketOn(() => T0 + 90 * MINUTE);
    const replay = await buildReadyOpsApp(ctx().handle, { clock });
    try {
      const post = (time: number) =>
        replay.call({
          method: 'POST',
          url: '/position/trade',
          headers: asUser(4, true),
          payload: { trade: { side: 'BUY', time, price: '93000', amount: '0.0005' } },
        });
      const before = await trades();
      // T0 + 2 h is before the wall's now but after the engine's: MANUAL_TRADE_IN_FUTURE (3515).
      expect(codeOf((await post(T0 + 2 * HOUR)).body.error)).toBe(3515);
      expect(await trades()).toEqual(before);
      // At the engine's now exactly it is taken.
      const taken = await post(T0 + 90 * MINUTE);
      expect(taken.body.error).toBeNull();
      await replay.call({
        method: 'DELETE',
        url: `/position/trade/${(taken.body.data as { id: number }).id}`,
        headers: asUser(4, true),
      });
      expect(await trades()).toEqual(before);
    } finally {
      await replay.app.close();
    }
  });

  it('refuses a malformed trade given to the service directly with MANUAL_TRADE_INVALID', async () => {
    const service = new ManualTradesService(ops.platform);
    for (const bad of [null, { side: 'BUY' }, { side: 'BUY', time: T0, price: '1', amount: '0', extra: 1 }]) {
      const error = await service.create(bad, Date.now()).catch((failure: unknown) => failure);
      expect(codeOf((error as { codedMessage?: string }).codedMessage ?? null), JSON.stringify(bad)).toBe(
        3550,
      );
    }
    expect((await trades()).length).toBe(1);
  });

  it('needs authority 4 and a one-time code', async () => {
    const buy = { side: 'BUY', time: T0 + HOUR, price: '93000', amount: '0.0005' };
    expect(codeOf((await send('POST', '/position/trade', buy, asUser(3, true))).body.error)).toBe(4002);
    expect(codeOf((await send('POST', '/position/trade', buy, asUser(4))).body.error)).toBe(4003);
    expect((await trades()).length).toBe(1);
  });

  it('closes the position with a manual sell of everything, then only the active one may change', async () => {
    const sold = await send('POST', '/position/trade', {
      side: 'SELL',
      time: T0 + 2 * HOUR,
      price: '97000',
      amount: '0.001',
    });
    const soldId = (sold.body.data as { id: number }).id;
    expect(await record()).toMatchObject({ amount: '0', close: T0 + 2 * HOUR });
    const buy = { side: 'BUY', time: T0 + 3 * HOUR, price: '93000', amount: '0.0005' };
    expect(codeOf((await send('POST', '/position/trade', buy)).body.error)).toBe(3553);
    expect(codeOf((await send('DELETE', `/position/trade/${soldId}`)).body.error)).toBe(3553);

    // A new position opens; the closed one's manual sell stays as it is.
    const { opened } = await store.addExchangeTrades([
      exchangeTrade('6002', 'BUY', T0 + 4 * HOUR, '96000', '0.001'),
    ]);
    expect(opened).toHaveLength(1);
    expect(codeOf((await send('DELETE', `/position/trade/${soldId}`)).body.error)).toBe(3555);
    expect((await trades()).map((trade) => trade.side)).toEqual(['BUY', 'SELL']);
  });
});
