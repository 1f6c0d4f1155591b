import { useEssentialsSelector } from '../../essentials';
import { formatDateTime } from '../../lib/format-time';

/** What the "replay" mark says on hover and to screen readers. */
export const REPLAY_CLOCK_NOTE =
  "Replay time: the simulated market's clock (the replayed candles' dates), not the wall clock of notifications, errors and sessions.";

/** True when the market runs on the simulator's replay clock (exchangeConfig.replay). */
export function useReplayClock(): boolean {
  return useEssentialsSelector((essentials) => essentials?.exchangeConfig.replay === true);
}

/**
 * A market time (positions, trades, transactions): on the simulator it carries a small "replay"
 * mark, since those times follow the replayed candles while the rest of the app shows wall time.
 */
export function MarketTime({ epochMs, empty = '—' }: { epochMs: number | null; empty?: string }) {
  const replay = useReplayClock();
  if (epochMs === null) return <>{empty}</>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1 whitespace-nowrap">
      <time dateTime={new Date(epochMs).toISOString()}>{formatDateTime(epochMs)}</time>
      {replay && (
        <abbr
          title={REPLAY_CLOCK_NOTE}
          className="rounded bg-amber-50 px-1 text-[0.65rem] font-semibold tracking-wide text-amber-900 uppercase no-underline"
        >
          replay<span className="sr-only"> ({REPLAY_CLOCK_NOTE})</span>
        </abbr>
      )}
    </span>
  );
}
