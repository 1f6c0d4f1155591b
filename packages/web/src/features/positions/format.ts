import type { TradeRecord } from './types';

/**
 * The asset a trade's commission was paid in, named: BASE and QUOTE are the market's assets
 * (BTC, USDT…) as the exchange config gives them; OTHER (e.g. BNB on Binance) stays generic.
 */
export function commissionAssetName(
  asset: TradeRecord['commission_asset'],
  market: { baseAsset: string; quoteAsset: string },
): string {
  if (asset === 'BASE') return market.baseAsset;
  if (asset === 'QUOTE') return market.quoteAsset;
  return 'other asset';
}

/** The position's status for lists: archived wins over closed. */
export type PositionStatus = 'active' | 'closed' | 'archived';

export function positionStatus(position: { close: number | null; archived: boolean }): PositionStatus {
  if (position.archived) return 'archived';
  return position.close === null ? 'active' : 'closed';
}
