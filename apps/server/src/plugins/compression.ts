import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers of 1 KB and more. Levels by measurement (decision 016, `bench/compression.ts`): brotli 4
 * makes a page about 21% of its size in under a millisecond, as cheap as zstd 3 and 5% smaller, and is preferred
 * when a browser takes both; brotli 9 and up cost 15 to 70 ms a page. gzip 6 for the rest. Built assets are
 * compressed once at build time at the highest levels (`plugins/web.ts`), so none of this runs for them.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'zstd', 'gzip', 'deflate', 'identity'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
