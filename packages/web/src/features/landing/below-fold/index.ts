import { deferred } from './deferred';

/**
 * Landing page sections 6–11, composed by ../landing-page.tsx. They are
 * below the fold, so their code (brand icons, FAQ text, embla) loads as a separate chunk right
 * after the first render instead of in the entry chunk.
 */
export const PlannerSection = deferred('PlannerSection', 'planner', 'section');
export const MonitoringSection = deferred('MonitoringSection', 'monitoring', 'section');
export const ExchangesSection = deferred('ExchangesSection', 'exchanges', 'section');
export const TechnologiesSection = deferred('TechnologiesSection', 'technologies', 'section');
export const FaqSection = deferred('FaqSection', 'faq', 'section');
export const LandingFooter = deferred('LandingFooter', 'footer', 'footer');
