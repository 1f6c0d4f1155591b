/** The size the landing images are generated at (scripts/landing-images.ts), px. */
const WIDTH = 1200;
const HEIGHT = 700;

/** One of our product screenshots: lazy, sized (no layout shift), scaled to its box. */
export function Screenshot({ src, alt }: { src: string; alt: string }) {
  return (
    <img
      src={src}
      alt={alt}
      width={WIDTH}
      height={HEIGHT}
      loading="lazy"
      decoding="async"
      className="h-auto w-full rounded-lg border border-neutral-200 shadow-sm"
    />
  );
}
