import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers of 4 KB and more: below that compressing costs more CPU than the one to three KB it saves are
 * worth (a 2 KB settings answer went from 3,700 to 6,900 answers a second without it). Pages arrive as one buffer
 * (apps/web/app/entry.server.tsx) and are compressed in one synchronous call up to 512 KB: on two cores, handing a
 * 30 KB page to the thread pool cost more than compressing it. Levels by measurement (decision 016,
 * `bench/compression.ts`): brotli 3 makes a 37 KB page 8.4 KB in 0.17 ms, brotli 4 7.9 KB in 0.29 ms; zstd 3 is
 * faster still but larger, so brotli is preferred when a browser also takes zstd. Its window is 256 KB, which holds
 * any page whole (zlib's default of 4 MB gave the same bytes for four times the CPU). gzip 6 for clients without
 * brotli. Built assets are compressed once at build time at the highest levels (`plugins/web.ts`).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: 4096,
    syncThreshold: 512 * 1024,
    encodings: ['br', 'zstd', 'gzip', 'deflate', 'identity'],
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_LGWIN]: 18 },
    },
    zlibOptions: { level: 6 },
  });
}
