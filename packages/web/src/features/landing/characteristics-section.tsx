import { Eye, Lock, ShieldCheck, UserRound } from 'lucide-react';
import { LandingSection } from './landing-section';

const POINTS = [
  {
    title: 'Conservative',
    icon: ShieldCheck,
    text: 'It buys only when a crash shows signs of reversing, adds to a position only when that lowers your average cost, and sells in small steps as the profit grows. A new install trades on a simulated market until you connect an exchange.',
  },
  {
    title: 'Transparent',
    icon: Eye,
    text: 'The code is open source, so every rule and default is there to read. Every order keeps a log of the balances it was based on, the exchange’s answer and its confirmation.',
  },
  {
    title: 'Private',
    icon: UserRound,
    text: 'You host it: it runs on your machine with your own database and your own exchange account, and nobody else sees your positions or balances. Most of your funds can stay in cold storage.',
  },
  {
    title: 'Secure',
    icon: Lock,
    text: 'Signing in takes a password and a one-time code, and sensitive actions ask for a fresh code. Exchange keys and one-time secrets are stored encrypted and never written to the logs.',
  },
] as const;

/** Section 3 (characteristics): the platform's four claims. */
export function CharacteristicsSection() {
  return (
    <LandingSection id="characteristics" title="Why Balancer?" tinted>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {POINTS.map(({ title, icon: Icon, text }) => (
          <li key={title} className="rounded-lg border border-neutral-200 bg-white p-6">
            <Icon aria-hidden="true" className="h-8 w-8 text-increase" />
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-neutral-700">{text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
