import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|json|svg|map)$/;
/** Below this, compression saves less than its own overhead. */
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz beside each built text file, compressed once at their
 * highest levels; the server sends them to browsers that accept them
 * (@fastify/static preCompressed) instead of the raw files.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const body = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (body.length < MIN_BYTES) continue;
        const file = join(dir, fileName);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
      }
    },
  };
}
