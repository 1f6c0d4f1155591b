import { TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLandingDialogs } from '../../components/info-dialogs/dialog-context';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { LandingSection } from './landing-section';
import { scrollToSection } from './sections';

function PriceMove({
  title,
  icon,
  tone,
  children,
  action,
}: {
  title: string;
  icon: ReactNode;
  tone: 'increase' | 'decrease';
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <article
      className={cn(
        'flex flex-col gap-4 rounded-lg border-t-4 bg-white p-6 shadow-sm ring-1 ring-neutral-200',
        tone === 'increase' ? 'border-t-increase' : 'border-t-decrease',
      )}
    >
      {icon}
      <h3 className="text-2xl font-semibold">{title}</h3>
      <p className="text-neutral-700">{children}</p>
      <div className="mt-auto">{action}</div>
    </article>
  );
}

/** Section 4 (features): the two price moves the platform trades. */
export function FeaturesSection() {
  const dialogs = useLandingDialogs();
  return (
    <LandingSection id="features" title="Let the market come to you">
      <div className="grid gap-6 md:grid-cols-2">
        <PriceMove
          title="Increase your holdings during price crashes"
          tone="increase"
          icon={<TrendingDown aria-hidden="true" className="h-8 w-8 text-increase" />}
          action={
            <Button variant="outline" onClick={() => scrollToSection('indicators')}>
              See the indicators
            </Button>
          }
        >
          When the price falls hard, Balancer watches the order book and the wider crypto market for signs of
          a reversal, and buys when they agree. Adding to a position happens only when it lowers your average
          cost.
        </PriceMove>
        <PriceMove
          title="Decrease your holdings during price boosts"
          tone="decrease"
          icon={<TrendingUp aria-hidden="true" className="h-8 w-8 text-decrease" />}
          action={
            <Button
              variant="outline"
              onClick={() => dialogs.open({ kind: 'info', topic: 'strategy', size: 'large' })}
            >
              Learn about the strategy
            </Button>
          }
        >
          When the price climbs strongly, Balancer takes profit in five steps: the higher the gain, the larger
          and more frequent the sells, while part of the position keeps riding the rally.
        </PriceMove>
      </div>
    </LandingSection>
  );
}
