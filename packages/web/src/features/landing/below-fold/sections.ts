/** The real sections 6–11, loaded as one chunk after the first paint (see index.ts). */
export { ExchangesSection } from './exchanges-section';
export { FaqSection } from './faq-section';
export { LandingFooter } from './landing-footer';
export { MonitoringSection } from './monitoring-section';
export { PlannerSection } from './planner-section';
export { TechnologiesSection } from './technologies-section';
