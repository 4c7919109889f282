import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import path from 'node:path';

// The web-ui system mod serves `dist/index.html` at `/` and `dist/assets/*` at `/ui/assets/*`,
// so built pages must reference their assets under `/ui/`.
export default defineConfig({
  root: import.meta.dirname,
  base: '/ui/',
  plugins: [svelte({ configFile: false })],
  // System mods ship their views in `system-mods/<id>/web/`, outside this root; they reach the shell's
  // components and helpers as `@ui/…` (the shell's registry picks them up with import.meta.glob).
  resolve: { alias: { '@ui': path.join(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's CSP allows scripts from 'self' only; the polyfill would be an extra request for nothing (every target supports modulepreload).
    modulePreload: { polyfill: false },
    target: 'es2022',
  },
  server: {
    // `npx vite --config web/vite.config.ts` serves the UI at /ui/ against a server on the default port.
    proxy: { '/api': 'http://127.0.0.1:42817' },
  },
});
