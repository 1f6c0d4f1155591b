import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

export interface CarouselSlide {
  /** Names the slide for assistive technology ("1 of 2: …"). */
  label: string;
  content: ReactNode;
}

export interface CarouselProps {
  /** Accessible name of the carousel region. */
  label: string;
  slides: CarouselSlide[];
  /** Autoplay delay, ms (planner 4000, exchanges 1500). */
  delay: number;
  /** Width classes of one slide (e.g. 'basis-1/2 md:basis-1/3'); full width by default. */
  slideClassName?: string;
  className?: string;
}

/** Whether the visitor asked for less motion: then the carousel starts paused. */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A looping, self-advancing carousel (embla + autoplay) following the WAI carousel pattern: a
 * labelled region with aria-roledescription, labelled slides, previous/next buttons and a
 * pause/play button (WCAG 2.2.2). Autoplay also pauses while hovered or focused.
 */
export function Carousel({ label, slides, delay, slideClassName = 'basis-full', className }: CarouselProps) {
  const [autoplay] = useState(() =>
    Autoplay({
      delay,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      playOnInit: !prefersReducedMotion(),
    }),
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: 'start' }, [autoplay]);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  const togglePlay = useCallback(() => {
    const plugin = api?.plugins().autoplay;
    if (!plugin) return;
    if (playing) plugin.stop();
    else plugin.play();
    setPlaying(!playing);
  }, [api, playing]);

  return (
    <section aria-roledescription="carousel" aria-label={label} className={cn('relative', className)}>
      <div ref={viewportRef} className="overflow-hidden" aria-live={playing ? 'off' : 'polite'}>
        <div className="flex">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI carousel pattern's slide is a group, not a form fieldset.
            <div
              key={slide.label}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}: ${slide.label}`}
              data-selected={index === selected || undefined}
              className={cn('min-w-0 shrink-0 grow-0', slideClassName)}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-3 flex items-center justify-center gap-2">
        <Button variant="outline" size="icon" aria-label="Previous slide" onClick={() => api?.scrollPrev()}>
          <ChevronLeft aria-hidden className="size-4" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={playing ? 'Pause the slides' : 'Play the slides'}
          onClick={togglePlay}
        >
          {playing ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
        </Button>
        <Button variant="outline" size="icon" aria-label="Next slide" onClick={() => api?.scrollNext()}>
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </section>
  );
}
