import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|json|svg|map)$/;
/** Below this, compression saves less than its own overhead. */
const MIN_BYTES = 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz beside each built text file, compressed once at their
 * highest levels; the server sends them to browsers that accept them
 * (@fastify/static preCompressed) instead of the raw files.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // Asynchronous, so the files compress in parallel on libuv's thread pool.
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const work = Object.entries(bundle).flatMap(([fileName, output]) => {
        if (!COMPRESSIBLE.test(fileName)) return [];
        const body = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (body.length < MIN_BYTES) return [];
        const file = join(dir, fileName);
        return [
          gzipAsync(body, { level: 9 }).then((packed) => writeFile(`${file}.gz`, packed)),
          brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).then((packed) =>
            writeFile(`${file}.br`, packed),
          ),
        ];
      });
      await Promise.all(work);
    },
  };
}
