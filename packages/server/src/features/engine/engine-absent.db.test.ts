import { MANUAL_SCHEDULER } from '@balancer/engine';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { EngineHolder } from './engine-holder.js';
import { type EngineRuntime, startEngine } from './start-engine.js';
import { type Operator, signedInOperator, transactionCount } from './test-support.js';

// Without a running engine (still starting) the engine routes answer 6002: the client waits 30 s
// and repeats. On standby (another instance holds the trading lock) the market state is there;
// an order goes to the trading instance over the bus, and with none answering (a LocalBus here)
// it is refused with ENGINE_COMMAND_NOT_ACCEPTED (8041, retryable) after the 2 s acceptance wait
// (orders-any-instance.db.test.ts).

const READS = [
  '/position/balances',
  '/market-state/window/state',
  '/market-state/liquidity/state',
  '/market-state/coins/state',
  '/market-state/reversal/state',
  '/data-join/app-essentials',
];

const orders = (operator: Operator) => [
  () => operator.send({ method: 'POST', url: '/position/increase' }, true),
  () => operator.send({ method: 'POST', url: '/position/decrease', body: { percentage: 50 } }, true),
];

describeEachReadyApp(
  'engine routes before the engine exists',
  (ready) => {
    let operator: Operator;
    beforeAll(async () => {
      operator = await signedInOperator(ready(), 4);
    });

    it('answers 6002 to every engine route and writes nothing', async () => {
      for (const url of READS) {
        expect((await operator.send({ method: 'GET', url })).code, url).toBe(6002);
      }
      for (const order of orders(operator)) expect((await order()).code).toBe(6002);
      expect(await transactionCount(ready())).toBe(0);
      // The rest of the API works meanwhile.
      expect((await operator.send({ method: 'GET', url: '/position/strategy' })).success).toBe(true);
    });
  },
  { engine: false },
);

describeEachReadyApp('engine routes on standby', (ready) => {
  let operator: Operator;
  let standby: EngineRuntime;
  let trading: ReturnType<EngineHolder['require']>;

  beforeAll(async () => {
    operator = await signedInOperator(ready(), 4);
    const { config, platform, services } = ready();
    // A second engine on the same database: the first holds the lock, so this one stands by.
    standby = await startEngine({
      config,
      platform,
      handle: platform.database,
      logger: createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() }),
      holder: new EngineHolder(),
      notifications: services.notifications,
      onTick: () => {},
      schedule: MANUAL_SCHEDULER,
    });
    trading = services.engine.require();
    services.engine.set(standby.engine);
  });
  afterAll(async () => {
    ready().services.engine.set(trading);
    await standby.stop();
  });

  it('answers 6002 to the market state reads until its first tick, then shows the standby mode', async () => {
    expect(standby.engine.mode).toBe('standby');
    expect((await operator.send({ method: 'GET', url: '/market-state/window/state' })).code).toBe(6002);
    const early = await operator.read<Record<string, unknown>>('/data-join/app-essentials');
    expect(early).toMatchObject({ marketState: null, position: null, exchangeConfig: { mode: 'standby' } });

    await standby.engine.tick();
    for (const url of READS) {
      const answer = await operator.send({ method: 'GET', url });
      expect(answer.error, url).toBeNull();
    }
    const essentials = await operator.read<Record<string, unknown>>('/data-join/app-essentials');
    expect(essentials.marketState).not.toBeNull();
  });

  it('places no order: increase and decrease answer ENGINE_COMMAND_NOT_ACCEPTED', async () => {
    for (const order of orders(operator)) expect((await order()).code).toBe(8041);
    expect(await transactionCount(ready())).toBe(0);
  });
});
