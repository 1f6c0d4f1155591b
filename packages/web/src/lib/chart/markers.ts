/** Marker colours (the theme's increase and decrease). */
export const BUY_COLOR = '#0f766e';
export const SELL_COLOR = '#dc2626';

/** A trade marker in lightweight-charts' shape; `time` in seconds, the candle it sits on. */
export interface ChartMarker {
  time: number;
  position: 'belowBar' | 'aboveBar';
  color: string;
  shape: 'arrowUp' | 'arrowDown';
  text: 'Buy' | 'Sell';
}

const BUY = { position: 'belowBar', color: BUY_COLOR, shape: 'arrowUp', text: 'Buy' } as const;
const SELL = { position: 'aboveBar', color: SELL_COLOR, shape: 'arrowDown', text: 'Sell' } as const;

/** A buy sits below the bar with an up arrow, a sell above with a down arrow. */
export function tradeMarker(side: 'BUY' | 'SELL', time: number): ChartMarker {
  return { time, ...(side === 'BUY' ? BUY : SELL) };
}
