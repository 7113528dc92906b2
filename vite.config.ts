import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server the dev server proxies to (npm run dev starts both).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

export default defineConfig({
  base: '/v/',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/DataModel': apiTarget,
      '/branding': apiTarget,
      '/keeper': apiTarget,
      '/dash': apiTarget,
      '/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
});
