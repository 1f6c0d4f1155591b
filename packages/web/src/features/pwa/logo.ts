/**
 * Balancer's mark as SVG text (the drawing of the landing header's LogoMark): a balance beam on
 * a post, the lower pan teal (increase), the higher one red (decrease), on the primary colour.
 * `safeZone` (0..1) shrinks the drawing to the centre so maskable icons keep it inside the 80 %
 * circle platforms may crop to; the background still fills the whole square.
 */
export function logoSvg(size: number, { safeZone = 1, rounded = true } = {}): string {
  const scale = safeZone;
  const offset = (32 * (1 - scale)) / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">`,
    '<title>Balancer</title>',
    `<rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="#0C0C0C"/>`,
    `<g transform="translate(${offset} ${offset}) scale(${scale})">`,
    '<path d="M16 9v15M11 25h10M7 11l18-4" stroke="#fff" stroke-width="2" stroke-linecap="round"/>',
    '<path d="M7 11l-3 6M7 11l3 6M25 7l-3 6M25 7l3 6" stroke="#fff" stroke-width="1"/>',
    '<path d="M3.5 17a3.5 3.5 0 0 0 7 0Z" fill="#2dd4bf"/>',
    '<path d="M21.5 13a3.5 3.5 0 0 0 7 0Z" fill="#f87171"/>',
    '<circle cx="16" cy="9" r="1.8" fill="#fff"/>',
    '</g></svg>',
  ].join('');
}

/** The icons in public/, rendered by scripts/render-icons.ts (the PNGs with Chromium). */
export const ICONS = [
  { file: 'pwa-192x192.png', size: 192, safeZone: 1, rounded: true },
  { file: 'pwa-512x512.png', size: 512, safeZone: 1, rounded: true },
  { file: 'maskable-512x512.png', size: 512, safeZone: 0.7, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, safeZone: 0.8, rounded: false },
] as const;

export const FAVICON = { file: 'favicon.svg', size: 32 } as const;
