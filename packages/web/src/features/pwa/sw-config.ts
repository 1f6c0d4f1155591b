/**
 * Paths the server answers itself (its API, docs, stream and health routes). The service worker
 * must never answer a navigation to them from its cache: they go to the network. The client
 * pages under /auth (sign-in, update-password) stay app pages.
 */
export const SERVER_PATH_DENYLIST: RegExp[] = [
  /^\/auth\/(?!(sign-in|update-password)\/?$)/,
  /^\/(position|market-state|server|notification|platform|api-error|ip-blacklist|data-join|database|stream|docs|altcha)(\/|\?|$)/,
  /^\/(openapi\.json|ping|ready)(\?|$)/,
];

/** The web manifest (served as /manifest.webmanifest). Colours follow the theme's primary. */
export const MANIFEST = {
  name: 'Balancer',
  short_name: 'Balancer',
  description: 'A self-hosted platform that trades Bitcoin by value averaging.',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#0C0C0C',
  background_color: '#FFFFFF',
  icons: [
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
    { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const;
