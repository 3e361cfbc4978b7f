import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:8080';

/**
 * The entry's vendor code, which changes rarely, gets its own long-cached chunks; route pages are
 * lazy chunks. Only what the entry itself needs (`$initial`: statically imported from main.tsx)
 * goes into the vendor chunks: a Mantine component or a TanStack hook that only pages use is
 * split with those pages, so the first load does not carry every page's widgets.
 */
const VENDOR_GROUPS = [
  { name: 'mantine', test: /[\\/]node_modules[\\/]@mantine[\\/]/, tags: ['$initial' as const] },
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, tags: ['$initial' as const] },
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial' as const] },
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
