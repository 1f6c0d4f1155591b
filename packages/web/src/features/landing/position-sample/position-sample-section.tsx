import { lazy, Suspense } from 'react';
import { useLandingDialogs } from '../../../components/info-dialogs/dialog-context';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useProjectLinks } from '../../../lib/project-links';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { ExternalLink } from '../external-link';

// lightweight-charts (~55 kB gzip) stays out of the first load: the chart arrives in its own
// chunk, fetched only once its box comes within CHART_LOAD_MARGIN of the viewport.
const SampleChart = lazy(() => import('./sample-chart'));
const CHART_LOAD_MARGIN = '0px 0px 100px 0px';

/** Stands in for the chart (same box: 400 px, 500 px from md) until it is near and loaded. */
function ChartPlaceholder({ ref }: { ref?: (element: HTMLDivElement | null) => void }) {
  return <div ref={ref} className="h-[400px] w-full animate-pulse bg-neutral-100 md:h-[500px]" />;
}

function LazySampleChart() {
  const [ref, near] = useNearViewport<HTMLDivElement>(CHART_LOAD_MARGIN);
  if (!near) return <ChartPlaceholder ref={ref} />;
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <SampleChart />
    </Suspense>
  );
}

/** Section 2 (position_sample): a real crash and rally with illustrative buy and sell markers. */
export function PositionSampleSection() {
  const dialogs = useLandingDialogs();
  const { sourceCodeUrl } = useProjectLinks();
  return (
    <section id="position_sample" aria-labelledby="position_sample-heading" className="py-16 sm:py-20">
      {/* Small screens: heading, chart, buttons. From md: heading and buttons side by side, chart below. */}
      <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:px-6 md:grid-cols-[1fr_auto] md:items-end">
        <div className="order-1">
          <h2 id="position_sample-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Buy the dip / Sell the rally
          </h2>
          <p className="mt-3 text-lg text-neutral-700">Trade automatically via your preferred exchange</p>
        </div>
        <div className="order-3 flex flex-wrap gap-3 md:order-2">
          {/* The source code's page, when SOURCE_CODE_URL is configured. */}
          {sourceCodeUrl && (
            <ExternalLink href={sourceCodeUrl} className={buttonClasses('primary', 'lg')}>
              Get the product
            </ExternalLink>
          )}
          <Button variant="outline" size="lg" onClick={() => dialogs.open({ kind: 'under-construction' })}>
            Videos
          </Button>
        </div>
        <figure className="order-2 rounded-lg border border-neutral-200 p-2 md:order-3 md:col-span-2">
          <LazySampleChart />
          <figcaption className="px-2 pt-2 text-xs text-neutral-600">
            Real hourly BTC/USD candles from Coinbase, 3–9 February 2018. The markers illustrate the strategy
            with simplified rules (a buy on the bounce after a crash low, a sell at each decrease level of the
            Swing Trader template); they are not a record of real trades.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
