import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

// The console is served by the API server at /console (src/console-site.ts), from the folder the
// server's own build writes beside it. Preact's JSX is compiled by Vite's own transformer, so no
// framework plugin is needed.
export default defineConfig({
  root: here,
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    // The page's Content-Security-Policy allows no inline script: no module preload polyfill.
    modulePreload: { polyfill: false },
    // Tool output is shown as data, never evaluated; nothing needs to be inlined as data: URLs.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
  },
});
