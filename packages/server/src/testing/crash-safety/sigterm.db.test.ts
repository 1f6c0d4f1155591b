import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connect.js';
import { logLines, spawnServer } from '../spawn-server.js';
import { databaseKinds, type TestDatabase } from '../test-databases.js';
import { marketStateReady, placeManualOrder, prepareOrderInFlight } from './in-flight-setup.js';
import { doublePlacements } from './ledger.js';

// The stop requirement, on the built server as `npm start` runs it: SIGTERM while a manual
// order hangs at the exchange (it was executed, the answer never comes). The process must exit
// without waiting for that answer, the order must exist once, and the next start must reconcile
// its transaction by client order id. How long the stop takes is `npm run bench -- stop`.

async function storedTransactions(target: TestDatabase) {
  const handle = await openDatabase(target.options);
  try {
    const rows = await handle.db
      .selectFrom('transaction')
      .select(['id', 'status', 'client_order_id', 'logs'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      clientOrderId: row.client_order_id,
      logs: (row.logs as Array<{ action: string; payload?: { reconciled?: boolean } }>).map((log) =>
        log.payload?.reconciled ? `${log.action} (reconciled)` : log.action,
      ),
    }));
  } finally {
    await handle.close();
  }
}

const messages = (stdout: string) => logLines(stdout).map((line) => String(line.msg));

for (const { kind, create } of databaseKinds()) {
  describe(`SIGTERM during a manual order [${kind}]`, () => {
    it('exits without waiting for the hung exchange, the order exists once, the next start reconciles it', async () => {
      const target = await create();
      const setup = await prepareOrderInFlight(target.options);
      const { exchange } = setup;
      try {
        const first = await spawnServer(setup.env, 60_000);
        await marketStateReady(first.url, setup.trader);
        const { answer, orderRequest } = await placeManualOrder(setup, first.url, { hang: true });
        expect(await first.stop()).toBe(0);

        // The stop did not wait for the exchange: the order was never looked up (ccxt would have
        // given up on the hung call after 10 s, then looked the order up by client order id).
        const orderCalls = exchange.state.requests
          .slice(orderRequest + 1)
          .filter((r) => r.path === '/api/v3/order');
        expect(orderCalls).toEqual([]);
        // The operator's request was answered: left for reconciliation (3008), not failed.
        expect(await answer).toMatchObject({ success: false, error: expect.stringMatching(/\{\(3008\)\}$/) });
        const said = messages(first.stdout());
        expect(said.filter((msg) => msg.startsWith('Transaction left for reconciliation'))).toHaveLength(1);
        expect(said).toContain('stopped cleanly');
        const [left] = await storedTransactions(target);
        expect(left).toMatchObject({ status: 'PROCESSING', logs: ['INITIAL_BALANCES'] });
        expect(exchange.state.orders.map((o) => o.clientOrderId)).toEqual([left?.clientOrderId]);

        // The next start reconciles it before trading: found by its client order id, SUCCEEDED.
        const second = await spawnServer(setup.env, 60_000);
        expect(await second.stop()).toBe(0);
        expect(await storedTransactions(target)).toEqual([
          { ...left, status: 'SUCCEEDED', logs: ['INITIAL_BALANCES', 'CONFIRMATION (reconciled)'] },
        ]);
        expect(exchange.state.orders).toHaveLength(1);
        expect(doublePlacements(exchange.state.orders)).toEqual([]);
      } finally {
        await exchange.close();
        await target.dispose();
      }
    }, 120_000);
  });
}
