/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompileMessages } from './precompile-messages.ts';
import { precompressAssets } from './precompress-assets.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig(({ command, isSsrBuild }) => ({
  // Pinned so `vite build` and `vitest --config apps/web/vite.config.ts` behave the same from any cwd.
  root,
  plugins: [react(), tailwindcss(), precompileMessages(), precompressAssets()],
  resolve: {
    alias: {
      '@': `${root}src`,
      // The browser gets its messages parsed at build time (precompile-messages.ts): no ICU parser.
      ...(command === 'build' && !isSsrBuild
        ? { '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js' }
        : {}),
    },
  },
  build: {
    outDir: 'dist',
    // The server's CSP may not allow data: images; emitting every asset as a file keeps
    // placeholders working under `img-src 'self'`.
    assetsInlineLimit: 0,
    // The server reads it to preload the chunk of a lazily loaded page it rendered.
    manifest: true,
    // One stylesheet, which the server inlines into every page: lazy chunks must not fetch it again.
    cssCodeSplit: false,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        // The loader the server links in place of the entry on pages that wait for the visitor
        // (src/boot/deferred-start.ts); the server finds its file in the manifest.
        loader: fileURLToPath(new URL('./src/boot/deferred-start.ts', import.meta.url)),
      },
      output: {
        // React, the router, TanStack Query and the message formatter in one chunk: every page loads
        // them all, and as one file they compress better and drop the imports and exports between
        // the dozen chunks the bundler otherwise cuts them into (2 KB less for the landing page).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|intl-messageformat|@formatjs)[\\/]/,
            },
          ],
        },
      },
    },
  },
  ssr: {
    // The shared package is TypeScript source: bundle it into the server renderer. Lucide too, so
    // the renderer holds only the icons the app uses rather than loading all of lucide-react.
    noExternal: ['@capstan/shared', 'lucide-react'],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Test files share their modules (React, the router, Testing Library, the app) instead of
    // importing them anew for each of ninety files: a third of the time. What a file leaves behind
    // is cleared by the setup file (toasts, the document, timers, stubs); hooks that a helper module
    // declares must be called from each file (admin-item-forms' setUpFormTests), and a module is
    // switched for a test by a parameter, not vi.mock (the first import would win).
    isolate: false,
    setupFiles: ['src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // A timeout catches a test that hangs, not one that is slow. The largest form screens take 5-6 s
    // in jsdom on a quiet 2-core machine, and CI runs four workers on two cores (the web and server
    // projects beside the engines pass), where they took over 15 s: one ceiling for every test, far
    // above that, instead of a raised timeout here and there. Waits for an element use the 10 s of
    // setup-tests.ts.
    testTimeout: 60_000,
  },
}));
