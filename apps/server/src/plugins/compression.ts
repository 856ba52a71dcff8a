import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers of 4 KB and more: below that a compression stream's set-up costs more CPU than the one to three
 * KB it saves are worth (a 2 KB settings answer went from 3,700 to 6,900 answers a second without it). Levels by measurement (decision 016, `bench/compression.ts`): brotli 4
 * makes a page about 21% of its size for under a millisecond, and is preferred when a browser also takes zstd
 * (zstd 3 costs as much and is 7% larger); brotli 9 and up cost 15 to 60 ms a page. Its window is 256 KB, which
 * holds any page whole: zlib's default of 4 MB made the same output and cost four times the CPU, most of it
 * setting up each stream. gzip 6 for clients without either. Built assets are compressed once at build time at the
 * highest levels (`plugins/web.ts`), so none of this runs for them.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: 4096,
    encodings: ['br', 'zstd', 'gzip', 'deflate', 'identity'],
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 },
    },
    zlibOptions: { level: 6 },
  });
}
