import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:8080';

/** Vendor code that changes rarely gets its own long-cached chunks; route pages are lazy chunks. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/]@mantine[\\/]/.test(id)) return 'mantine';
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
  return 'vendor';
}

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
        manualChunks: vendorChunk,
      },
    },
  },
});
