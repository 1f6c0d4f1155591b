import { LandingSection } from '../landing-section';
import monitoringImage from './images/monitoring.webp';
import { Screenshot } from './screenshot';

// Describes what scripts/landing-images.ts drew from the real backtest; keep it in step.
const ALT =
  'Backtest of the Eager Scalper strategy over a year of real Binance BTC/USDT candles, 30 March 2025 to 28 March 2026: equity of 10,000 USDT ending at 10,207.42 against 8,023.27 for buy and hold, maximum drawdown 6.24% against 52.18%, and its last five trades.';

export function MonitoringSection() {
  return (
    <LandingSection
      id="monitoring"
      title="Monitoring"
      intro="Analyze your performance and tune your strategy"
      tinted
    >
      <Screenshot src={monitoringImage} alt={ALT} />
    </LandingSection>
  );
}
