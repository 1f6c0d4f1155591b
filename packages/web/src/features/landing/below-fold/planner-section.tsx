import { LandingSection } from '../landing-section';
import { Carousel } from './carousel';
import decreaseImage from './images/planner-decrease.webp';
import increaseImage from './images/planner-increase.webp';
import { ProductLinks } from './product-links';
import { Screenshot } from './screenshot';

/** The planner carousel advances every 4000 ms, looping. */
export const PLANNER_CAROUSEL_DELAY_MS = 4000;

// Alt texts describe what scripts/landing-images.ts drew from the real backtest; keep them in step.
const SLIDES = [
  {
    label: 'Plan to increase a position',
    src: increaseImage,
    alt: 'Backtest of the Eager Scalper strategy on real Binance BTC/USDT candles, 29 October 2025 to 20 February 2026: nine buys of 1,000 USDT during the fall from about 113,000 to 68,000 USDT, with sells at decrease levels 1 to 4 on the rebounds, and the planner’s next increase level at 66,414.17 USDT.',
  },
  {
    label: 'Plan to decrease a position',
    src: decreaseImage,
    alt: 'Backtest of the Eager Scalper strategy on real Binance BTC/USDT candles, 3 to 18 April 2025: two buys in the crash, then sells at decrease levels 1 to 3 during the rally, with the planner’s five decrease level prices from 82,078.54 to 88,952.12 USDT.',
  },
];

export function PlannerSection() {
  return (
    <LandingSection
      id="planner"
      title="Position Planner"
      intro="See the price, time and amount of the next increase and decrease before they happen."
    >
      <div className="flex flex-col gap-6">
        <ProductLinks className="order-last flex flex-wrap gap-3 sm:order-none" />
        <Carousel
          label="Position planner examples"
          delay={PLANNER_CAROUSEL_DELAY_MS}
          slides={SLIDES.map((slide) => ({
            label: slide.label,
            content: (
              <figure className="px-1">
                <Screenshot src={slide.src} alt={slide.alt} />
                <figcaption className="mt-2 text-center text-sm font-medium text-neutral-700">
                  {slide.label}
                </figcaption>
              </figure>
            ),
          }))}
        />
      </div>
    </LandingSection>
  );
}
