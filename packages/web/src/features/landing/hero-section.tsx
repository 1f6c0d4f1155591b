import { Button, buttonClasses } from '../../components/ui/button';
import { AppLink } from '../../lib/app-link';
import { PlatformStatus } from './platform-status';
import { scrollToSection } from './sections';

/** Section 1: the headline and the two first actions. */
export function HeroSection() {
  return (
    // A full first screen under the 4rem header (at most 60rem on very tall screens): the second
    // hero block (the chart) starts below the fold, so its chart library loads only when scrolled
    // towards (position-sample-section).
    <section
      id="hero"
      aria-labelledby="hero-heading"
      className="flex min-h-[min(100svh_-_4rem,60rem)] items-center bg-gradient-to-b from-teal-50 to-white"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:px-6 sm:py-20">
        <p className="text-sm font-semibold tracking-widest text-increase uppercase">
          Self-hosted Bitcoin trading
        </p>
        <h1 id="hero-heading" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">
          Trade like a professional consistently
        </h1>
        <p className="max-w-2xl text-lg text-neutral-700">
          Balancer trades Bitcoin for you by value averaging: it grows your position when the price crashes
          and shrinks it when the price rallies, on your own machine and through your own exchange account.
        </p>
        <p className="max-w-2xl text-base text-neutral-700" data-testid="hero-roles">
          You set the parameters: how much to buy, how far the price must fall, at which gains to sell.
          Balancer plans every trade from them and executes it, and shows you the plan before it acts.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button size="lg" onClick={() => scrollToSection('position_sample')}>
            Learn more
          </Button>
          <AppLink to="/app" className={buttonClasses('outline', 'lg')}>
            Launch app
          </AppLink>
        </div>
        <PlatformStatus />
      </div>
    </section>
  );
}
