import { useEssentialsSelector } from '../../essentials';
import { useReplayClock } from './market-time';

/**
 * The positions list before the first position: how one appears, what the market is doing now
 * (a crash in progress and how far its reversal is), and on the simulator when the first buy comes.
 */
export function EmptyPositions() {
  const replay = useReplayClock();
  const crash = useEssentialsSelector((essentials) => essentials?.marketState?.reversalState ?? null);
  return (
    <div className="flex flex-col gap-2 rounded-md border border-dashed border-neutral-300 p-4 text-sm text-neutral-700">
      <p className="font-medium text-neutral-900">No positions yet.</p>
      <p>
        A position opens with a buy: the engine's own when the market reverses after a crash (window state −2,
        then the reversal points reach their requirement), or a manual <strong>Increase</strong> above, which
        buys the strategy's increase amount now.
      </p>
      <p>
        {crash === null
          ? 'No crash right now: the engine is waiting for one.'
          : crash.reversalEventTime === null
            ? `A crash is in progress: the reversal stands at ${crash.points} % of its requirement; the engine buys at 100 %.`
            : 'The reversal has fired: the engine is placing its buy.'}
      </p>
      {replay && (
        <p>
          On the simulated market the replay starts just before a crash: after a first start the engine's
          first automatic buy comes about 7 minutes in and its first sell about 3 minutes later (at the
          default 60× speed and settings). Meanwhile, Increase tries a buy by hand.
        </p>
      )}
    </div>
  );
}
