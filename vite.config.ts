import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileHints } from './scripts/vite-compile-hints.ts';
import { firstPageChunks, pureEngine } from './scripts/vite-chunks.ts';
import { localeParts, preloadSignInTexts } from './scripts/vite-locale-parts.ts';
import { muiWithoutCssVariables } from './scripts/vite-mui-without-css-variables.ts';
import { precompress } from './scripts/vite-precompress.ts';

// The API server the dev server proxies to (npm run dev starts both).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

export default defineConfig({
  base: '/v/',
  plugins: [react(), localeParts(), muiWithoutCssVariables(), preloadSignInTexts('en'), compileHints(['start', 'app', 'DefinedGrid', 'DefinedRecordEditor']), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: { codeSplitting: firstPageChunks() },
      treeshake: { moduleSideEffects: pureEngine },
      // Compressing once at the highest levels (precompress) is slow by design, not a fault to report.
      checks: { bundlerTimings: false },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/DataModel': apiTarget,
      '/branding': apiTarget,
      '/keeper': apiTarget,
      '/dash': apiTarget,
      '/status.json': apiTarget,
      '/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
      // The chat assistant's Direct Line service and its streams (issue 38).
      '/v3': { target: apiTarget, ws: true },
    },
  },
});
