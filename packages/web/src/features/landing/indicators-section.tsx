import { Activity, BookOpen, Coins, RefreshCcw } from 'lucide-react';
import type { InfoTopic } from '../../components/info-dialogs/dialog-context';
import { LearnMoreButton } from '../../components/info-dialogs/learn-more-button';
import { LandingSection } from './landing-section';

const CARDS: ReadonlyArray<{ topic: InfoTopic; title: string; icon: typeof Activity; text: string }> = [
  {
    topic: 'window',
    title: 'Window',
    icon: Activity,
    text: 'Price and trend over a dynamic window of recent candles.',
  },
  {
    topic: 'liquidity',
    title: 'Liquidity',
    icon: BookOpen,
    text: 'Whether buyers or sellers dominate the order book.',
  },
  { topic: 'coins', title: 'Coins', icon: Coins, text: 'Where capital flows across the crypto market.' },
  { topic: 'reversal', title: 'Reversal', icon: RefreshCcw, text: 'How likely a reversal is after a crash.' },
];

/** Section 5 (indicators): the four indicators, each with its large info dialog. */
export function IndicatorsSection() {
  return (
    <LandingSection
      id="indicators"
      title="Indicators"
      intro="Four indicators read the market every few seconds and decide together when it is time to act."
      tinted
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map(({ topic, title, icon: Icon, text }) => (
          <li key={topic} className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-6">
            <Icon aria-hidden="true" className="h-8 w-8 text-increase" />
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="text-sm text-neutral-700">{text}</p>
            <LearnMoreButton topic={topic} title={title} className="mt-auto self-start" />
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
