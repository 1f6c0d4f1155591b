import {
  actionsFromOrders,
  type ExecutedOrder,
  type PositionActions,
  type StrategyConfig,
} from '@balancer/core';
import { type Db, inList } from './database.js';

/**
 * Each position's increase/decrease actions, rebuilt with core's actionsFromOrders from the
 * SUCCEEDED transactions linked to its trades: the side from the transaction, the level from its
 * intent (a manual decrease has none and records no decrease action), the event time that of the
 * first linked trade of the position. Positions without such transactions get empty actions.
 */
export async function actionsOfPositions(
  db: Db,
  positionIds: readonly string[],
  strategy: StrategyConfig,
): Promise<Map<string, PositionActions>> {
  const orders = new Map<string, ExecutedOrder[]>(positionIds.map((id) => [id, []]));
  if (positionIds.length > 0) {
    const rows = await db
      .selectFrom('transaction as t')
      .innerJoin('trade as tr', 'tr.transaction_id', 't.id')
      .select(['t.id', 't.side', 't.intent_kind', 't.intent_level', 't.intent_manual', 'tr.position_id'])
      .select((eb) => eb.fn.min('tr.time').as('first_time'))
      .where(inList('tr.position_id', positionIds, 'bigint'))
      .where('t.status', '=', 'SUCCEEDED')
      .groupBy(['t.id', 'tr.position_id'])
      .execute();
    for (const row of rows) {
      const automaticDecrease = row.intent_kind === 'decrease' && !row.intent_manual;
      orders.get(row.position_id ?? '')?.push({
        txID: row.id,
        side: row.side,
        level: automaticDecrease ? row.intent_level : null,
        eventTime: Number(row.first_time),
      });
    }
  }
  return new Map([...orders].map(([id, list]) => [id, actionsFromOrders(list, strategy)]));
}
