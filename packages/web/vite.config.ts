import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Workspace packages are read from their TypeScript source (the @balancer/source condition).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['@balancer/source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: { port: 5173, proxy: { '^/(ping|ready)': 'http://localhost:5075' } },
});
