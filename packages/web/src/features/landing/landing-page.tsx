import { LandingDialogsProvider } from '../../components/info-dialogs/landing-dialogs-provider';
import {
  ExchangesSection,
  FaqSection,
  LandingFooter,
  MonitoringSection,
  PlannerSection,
  TechnologiesSection,
} from './below-fold';
import { CharacteristicsSection } from './characteristics-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { IndicatorsSection } from './indicators-section';
import { LandingHeader } from './landing-header';
import { PositionSampleSection } from './position-sample/position-sample-section';

/** The public landing page: sections 1–5 here, 6–11 from below-fold/ (in page order). */
export function LandingPage() {
  return (
    <LandingDialogsProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <LandingHeader />
      {/* Sections keep clear of the sticky 4rem header when scrolled to. */}
      <main id="main" className="[&_[id]]:scroll-mt-16">
        <HeroSection />
        <PositionSampleSection />
        <CharacteristicsSection />
        <FeaturesSection />
        <IndicatorsSection />
        <PlannerSection />
        <MonitoringSection />
        <ExchangesSection />
        <TechnologiesSection />
        <FaqSection />
      </main>
      <LandingFooter />
    </LandingDialogsProvider>
  );
}
