import type { SimpleIcon } from 'simple-icons';
import {
  siBiome,
  siDebian,
  siFastify,
  siGit,
  siGithub,
  siJsonwebtokens,
  siLucide,
  siNodedotjs,
  siNpm,
  siOpenapiinitiative,
  siPino,
  siPostgresql,
  siRadixui,
  siReact,
  siReactquery,
  siReactrouter,
  siSocketdotio,
  siTailwindcss,
  siTelegram,
  siTypescript,
  siVite,
  siVitest,
  siWebassembly,
  siZod,
} from 'simple-icons';

export interface Technology {
  name: string;
  icon: SimpleIcon;
  /** What Balancer uses it for (the tooltip). */
  use: string;
}

/**
 * The 24 technologies Balancer is really built and run with (package.json files, README). Named
 * imports only, so the bundle carries these 24 paths and not the whole icon set.
 */
export const TECHNOLOGIES: Technology[] = [
  { name: 'TypeScript', icon: siTypescript, use: 'every package' },
  { name: 'Node.js', icon: siNodedotjs, use: 'server, engine and CLI' },
  { name: 'React', icon: siReact, use: 'web app' },
  { name: 'Vite', icon: siVite, use: 'web build' },
  { name: 'Tailwind CSS', icon: siTailwindcss, use: 'styles' },
  { name: 'Radix UI', icon: siRadixui, use: 'accessible dialogs and menus' },
  { name: 'React Router', icon: siReactrouter, use: 'web routes' },
  { name: 'TanStack Query', icon: siReactquery, use: 'web data fetching' },
  { name: 'Lucide', icon: siLucide, use: 'icons' },
  { name: 'Fastify', icon: siFastify, use: 'HTTP API' },
  { name: 'Socket.IO', icon: siSocketdotio, use: 'realtime stream' },
  { name: 'PostgreSQL', icon: siPostgresql, use: 'database' },
  { name: 'WebAssembly', icon: siWebassembly, use: 'embedded PostgreSQL (PGlite)' },
  { name: 'Zod', icon: siZod, use: 'shared validation schemas' },
  { name: 'JSON Web Tokens', icon: siJsonwebtokens, use: 'access tokens' },
  { name: 'OpenAPI', icon: siOpenapiinitiative, use: 'API description at /openapi.json' },
  { name: 'pino', icon: siPino, use: 'logs' },
  { name: 'Telegram', icon: siTelegram, use: 'notifications' },
  { name: 'Vitest', icon: siVitest, use: 'tests' },
  { name: 'Biome', icon: siBiome, use: 'lint and format' },
  { name: 'npm', icon: siNpm, use: 'workspaces and install' },
  { name: 'Git', icon: siGit, use: 'version control' },
  { name: 'GitHub', icon: siGithub, use: 'code host' },
  { name: 'Debian', icon: siDebian, use: 'CI machines and their Chromium for browser tests' },
];
