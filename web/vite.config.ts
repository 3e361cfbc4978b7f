import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './build/precompress.ts';
import { stripRouteSummariesPlugin } from './build/strip-summaries.ts';

const api = 'http://localhost:8080';

/**
 * The entry's vendor code, which changes rarely, gets its own long-cached chunks; route pages are
 * lazy chunks. Only what the entry itself needs (`$initial`: statically imported from main.tsx)
 * goes into the vendor chunks: a Mantine component or a TanStack hook that only pages use is
 * split with those pages, so the first load does not carry every page's widgets.
 *
 * A language's two catalogues, the SPA's (src/locales) and the server's messages (proto/src/locales),
 * are fetched together (i18n/index.ts): one chunk per language, `locale-<language>`.
 */
const languageChunk = (id: string) => /[\\/](?:web[\\/]src|proto[\\/]src)[\\/]locales[\\/]([a-z]{2}-[a-z]{2})\.(?:json|ts)$/.exec(id)?.[1];
const CODE_GROUPS = [
  { debugName: 'locales', name: (id: string) => { const language = languageChunk(id); return language ? `locale-${language}` : null; } },
  { name: 'mantine', test: /[\\/]node_modules[\\/]@mantine[\\/]/, tags: ['$initial' as const] },
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, tags: ['$initial' as const] },
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial' as const] },
  // Mantine's everyday parts (Box, Text, Button, Stack, ...) that 15 or more chunks use: one chunk
  // instead of a dozen tiny ones (each a request with ~700 bytes of headers).
  { name: 'mantine-ui', test: /[\\/]node_modules[\\/]@mantine[\\/]/, minShareCount: 15 },
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompressPlugin(), stripRouteSummariesPlugin()],
  server: {
    allowedHosts: true,
    proxy: {
      '/v1': { target: api, changeOrigin: false },
      '/dev': { target: api, changeOrigin: false },
    },
  },
  preview: { allowedHosts: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for operators (error decoding), not referenced from the bundle; the gateway does not serve them.
    sourcemap: 'hidden',
    // .vite/manifest.json: the chunk graph the size budget reads (scripts/bundle-budget.spec.ts).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CODE_GROUPS },
      },
    },
  },
});
