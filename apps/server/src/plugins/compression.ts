import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createDeflate,
  createGzip,
  createZstdCompress,
  deflate,
  deflateSync,
  gzip,
  gzipSync,
  zstdCompress,
} from 'node:zlib';
import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createReusedZstd } from '../lib/reused-zstd.ts';
import { createSmallMemo } from '../lib/small-memo.ts';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * The body is one many requests get alike (a search page): its compressed forms are kept by its text, so that
     * the next request with the same body is not compressed again. Never for a body only its reader may see.
     */
    sharedBody: boolean;
    /**
     * A body whose compressed forms are kept with it, by encoding (a page kept for visitors, plugins/visitor-pages.ts;
     * a settings answer): when this reply sends that very buffer, a form found there is sent as it is and one made is
     * left there.
     */
    keptCompressions: KeptBody | null;
    /**
     * The texts a text body was joined from, in order (a page: plugins/web.ts, set only while compression is on). When
     * this reply sends that very text and compresses it in one call, the parts are encoded one after the other, so
     * the joined text is not copied into one piece first. Taken at the first send, so the page is not held after it.
     * Made by `joinTextParts`. A part that ends in the first half of a surrogate pair makes it use the whole text.
     */
    textParts: TextParts | null;
  }
}

/** A text and the parts it was joined from (`joinTextParts`). */
export type TextParts = { readonly text: string; readonly parts: readonly string[] };

/** The parts joined by `+`, without copying them (V8 keeps such a text as its pieces until it is read whole). */
export function joinTextParts(parts: readonly string[]): TextParts {
  let text = '';
  for (const part of parts) text += part;
  return { text, parts };
}

/** A body sent alike for many requests, kept with its compressed forms by encoding, made as clients ask for them. */
export type KeptBody = { readonly body: Buffer; readonly compressed: Map<string, Buffer> };

/**
 * What a kept body counts in a cache bounded by bytes: three times its own, room for its compressed forms, which are
 * made later (in every encoding, each under a third of the body).
 */
export const keptBodyBytes = (kept: KeptBody) => kept.body.length * 3;

/**
 * Compresses answers of 4 KB and more: below that compressing on every request costs more CPU than the one to three
 * KB it saves are worth (a 2 KB answer went from 3,700 to 6,900 answers a second without it). A body whose compressed
 * forms are kept (a shared search answer, the settings answer, a page kept for visitors) is compressed from 1 KB:
 * each form is made once while the body is kept, so an answer costs no compression and fewer bytes (decision 016).
 * Pages arrive as text, with the parts it was joined from (`reply.textParts`, plugins/web.ts), and are compressed in
 * one synchronous call up to 512 KB: on two cores, handing a 30 KB page to the thread pool cost more than compressing
 * it. Levels by measurement (decision 016, `bench/compression.ts`): in one call, zstd 2 makes a page 3% larger than
 * brotli 3 in half its CPU, so zstd is preferred when a browser takes it (Chrome, Edge, Firefox); brotli 3 for the
 * others (Safari), with a 256 KB window, which holds any page whole; gzip 6 for clients with neither. Bodies under
 * 16 KB take the fastest levels (`levelFor` below). Built assets are compressed once at build time at the highest
 * levels (`plugins/web.ts`).
 *
 * One `onSend` hook, not @fastify/compress: its three hooks on every request (negotiation, request-body inflation,
 * reply wrapping) cost a sixth of a small API call that is never compressed (decision 022). Request bodies are never
 * compressed by browsers, so a compressed one is refused (415) rather than inflated.
 */
export function registerCompression(app: FastifyInstance, options: { compressResponses: boolean }) {
  app.decorateReply('sharedBody', false);
  app.decorateReply('keptCompressions', null);
  app.decorateReply('textParts', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const encoding = request.headers['content-encoding'];
    if (encoding === undefined || encoding.toLowerCase() === 'identity') return done();
    done(new AppError('unsupported_media_type', `request body with Content-Encoding ${encoding}`, { field: 'body' }));
  });
  // Off when a proxy in front compresses (COMPRESS_RESPONSES=false): the work is then done once, there.
  if (!options.compressResponses) return;

  app.addHook('onSend', (request, reply, payload, done) => {
    const textParts = reply.textParts;
    reply.textParts = null;
    if (!worthCompressing(reply, payload)) return done(null, payload);
    reply.header('vary', withAcceptEncoding(reply.getHeader('vary')));
    const encoding = findAcceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    if (reply.sharedBody && typeof payload === 'string' && payload.length < smallBodyLimit) {
      return done(null, compressShared(encoding, payload));
    }
    const kept = reply.keptCompressions;
    if (kept && payload === kept.body && kept.body.length <= syncLimit) {
      reply.keptCompressions = null;
      let compressed = kept.compressed.get(encoding);
      if (compressed === undefined) {
        compressed = compressors[encoding].sync(kept.body, levelFor(kept.body.length));
        kept.compressed.set(encoding, compressed);
      }
      return done(null, compressed);
    }
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      // Only the synchronous call may read the scratch buffer: the next page overwrites it.
      const inScratch =
        typeof payload !== 'string'
          ? null
          : textParts !== null && textParts.text === payload
            ? encodePartsInScratch(textParts.parts, payload.length)
            : encodeInScratch(payload);
      if (inScratch) return done(null, compressors[encoding].sync(inScratch, levelFor(inScratch.length)));
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length <= syncLimit) return done(null, compressors[encoding].sync(body, levelFor(body.length)));
      compressors[encoding].async(body, (error, compressed) => (error ? done(error) : done(null, compressed)));
      return;
    }
    const compressing = compressors[encoding].stream();
    // A failing source destroys `compressing` with its error, which Fastify, reading it, handles.
    pipeline(payload as Readable, compressing).catch(() => {});
    done(null, compressing);
  });
}

const compressionThreshold = 4096;
const keptCompressionThreshold = 1024;
const syncLimit = 512 * 1024;
const compressibleType = /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)/;

type Encoding = 'br' | 'zstd' | 'gzip' | 'deflate';
/** Preferred first when a client takes several equally. */
const encodings: Encoding[] = ['zstd', 'br', 'gzip', 'deflate'];

/**
 * Answers under 16 KB (API answers: a search page is about 7 KB) at the fastest levels: below that size a codec's
 * set-up is most of its work, and its higher levels save a hundred bytes for twice the CPU (brotli 1 makes a 6.6 KB
 * search answer 1.7 KB in about 27 µs, brotli 3 1.6 KB in 55 µs; zstd 1, preferred, 1.57 KB in about 29 µs: a few
 * µs bought 8% fewer bytes to write). Pages keep the levels decision 016 measured.
 */
const smallBodyLimit = 16 * 1024;

const brotliOptions = (quality: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_LGWIN]: 18 },
});
const zstdOptions = (level: number) => ({ params: { [constants.ZSTD_c_compressionLevel]: level } });
const levels = {
  small: { br: brotliOptions(1), zstd: zstdOptions(1), gzip: { level: 1 } },
  large: { br: brotliOptions(3), zstd: zstdOptions(2), gzip: { level: 6 } },
};

type Level = (typeof levels)['large'];
const levelFor = (length: number): Level => (length < smallBodyLimit ? levels.small : levels.large);

type Done = (error: Error | null, result: Buffer) => void;
const compressors: Record<
  Encoding,
  { sync(body: Buffer, level: Level): Buffer; async(body: Buffer, done: Done): void; stream(): Transform }
> = {
  br: {
    sync: (body, level) => copyToOwnBuffer(brotliCompressSync(body, level.br)),
    async: (body, done) => brotliCompress(body, levels.large.br, done),
    stream: () => createBrotliCompress(levels.large.br),
  },
  zstd: {
    // One kept zstd context per level (lib/reused-zstd.ts): a third less CPU per page than a call that makes its own.
    sync: (body, level) => copyToOwnBuffer((level === levels.large ? reusedZstd.large : reusedZstd.small)(body)),
    async: (body, done) => zstdCompress(body, levels.large.zstd, done),
    stream: () => createZstdCompress(levels.large.zstd),
  },
  gzip: {
    sync: (body, level) => copyToOwnBuffer(gzipSync(body, level.gzip)),
    async: (body, done) => gzip(body, levels.large.gzip, done),
    stream: () => createGzip(levels.large.gzip),
  },
  deflate: {
    sync: (body, level) => copyToOwnBuffer(deflateSync(body, level.gzip)),
    async: (body, done) => deflate(body, levels.large.gzip, done),
    stream: () => createDeflate(levels.large.gzip),
  },
};

const reusedZstd = {
  small: createReusedZstd(levels.small.zstd, smallBodyLimit),
  large: createReusedZstd(levels.large.zstd, syncLimit),
};

/**
 * Node's one-call compressors answer a result under 32 KB as a slice of Node's shared 64 KB buffer pool: a 9 KB page
 * kept the whole pool alive until the garbage collector came by, and a cached 2 KB answer kept it for as long as it
 * stayed in the cache. Copying the result to a buffer of its own size takes about a microsecond.
 */
function copyToOwnBuffer(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.length === view.buffer.byteLength) return view;
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
}

/**
 * Pages arrive as text (plugins/web.ts). Compressed in one synchronous call, a page needs its UTF-8 bytes only during
 * that call: they are written into this one buffer instead of a new one per page.
 */
const scratch = Buffer.allocUnsafeSlow(syncLimit);

/** The text's UTF-8 bytes in the scratch buffer, valid until the next call; null when they do not fit. */
function encodeInScratch(text: string): Buffer | null {
  // UTF-8 takes at least a byte per UTF-16 unit: a longer text cannot fit.
  if (text.length > scratch.length - 4) return null;
  const written = scratch.write(text);
  // `write` stops before a character that does not fit, so a text that did not fit leaves fewer than 4 bytes free.
  return written <= scratch.length - 4 ? scratch.subarray(0, written) : null;
}

/** As `encodeInScratch`, for the parts of a text of `length` UTF-16 units, written one after another. */
function encodePartsInScratch(parts: readonly string[], length: number): Buffer | null {
  if (length > scratch.length - 4) return null;
  let written = 0;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    // A pair split between two parts would be written as two replacement characters: the whole text is used instead.
    const last = part.charCodeAt(part.length - 1);
    if (last >= 0xd800 && last <= 0xdbff && index < parts.length - 1) return null;
    written += scratch.write(part, written);
  }
  // A part cut short leaves fewer than 4 bytes free, and later parts can only take more.
  return written <= scratch.length - 4 ? scratch.subarray(0, written) : null;
}

/** Compressed shared bodies by encoding and text, 2 MB each at most (texts and compressed bytes counted). */
const sharedCaches = Object.fromEntries(
  encodings.map((encoding) => [
    encoding,
    new LRUCache<string, Buffer>({
      maxSize: 2 * 1024 * 1024,
      sizeCalculation: (compressed, text) => text.length + compressed.length,
    }),
  ]),
) as Record<Encoding, LRUCache<string, Buffer>>;

export function compressShared(encoding: Encoding, text: string): Buffer {
  const cache = sharedCaches[encoding];
  let compressed = cache.get(text);
  if (compressed === undefined) {
    const body = encodeInScratch(text) ?? Buffer.from(text);
    compressed = compressors[encoding].sync(body, levelFor(body.length));
    cache.set(text, compressed);
  }
  return compressed;
}

/**
 * A body of a compressible type, not yet encoded, of 4 KB or more (a stream of unknown length counts), or of 1 KB or
 * more when its compressed forms are kept.
 */
function worthCompressing(reply: FastifyReply, payload: unknown): boolean {
  if (payload === null || payload === undefined || reply.statusCode === 204 || reply.statusCode === 304) return false;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !compressibleType.test(type)) return false;
  if (reply.hasHeader('content-encoding')) return false;
  if (String(reply.getHeader('cache-control') ?? '').includes('no-transform')) return false;
  if (typeof payload === 'string') {
    return payload.length >= (reply.sharedBody ? keptCompressionThreshold : compressionThreshold);
  }
  if (Buffer.isBuffer(payload)) {
    return (
      payload.length >= (reply.keptCompressions?.body === payload ? keptCompressionThreshold : compressionThreshold)
    );
  }
  if (typeof (payload as Readable).pipe !== 'function') return false;
  const length = Number(reply.getHeader('content-length') ?? Number.POSITIVE_INFINITY);
  return length >= compressionThreshold;
}

/**
 * Codings only `*` allows: a client that names none may be anything (an old proxy, a script), so gzip, which every
 * decoder has, comes first, and deflate last, as clients read it either with or without zlib's wrapping.
 */
const wildcardEncodings: Encoding[] = ['gzip', 'br', 'zstd', 'deflate'];

/**
 * The encoding the client takes most (`q`); among equals, a coding it names before one only `*` allows, ours preferred
 * among named ones; null for none (identity).
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let best: Encoding | null = null;
  let bestQuality = 0;
  const consider = (encoding: Encoding, quality: number) => {
    if (quality > bestQuality) {
      best = encoding;
      bestQuality = quality;
    }
  };
  let anyQuality: number | null = null;
  const named = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...parameters] = part.split(';');
    const lowered = rawName!.trim().toLowerCase();
    // RFC 9110 8.4.1.3: x-gzip is gzip.
    const name = lowered === 'x-gzip' ? 'gzip' : lowered;
    if (!name) continue;
    let quality = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split('=');
      if (key?.trim().toLowerCase() === 'q') quality = Number(value);
    }
    if (!(quality >= 0 && quality <= 1)) quality = 0;
    if (name === '*') anyQuality = quality;
    else named.set(name, quality);
  }
  for (const encoding of encodings) consider(encoding, named.get(encoding) ?? 0);
  if (anyQuality !== null) {
    for (const encoding of wildcardEncodings) if (!named.has(encoding)) consider(encoding, anyQuality);
  }
  return best;
}

/** Browsers send a handful of distinct `Accept-Encoding` values: parsing each anew was 2% of a small API call. */
const chooseKeptEncoding = createSmallMemo(chooseEncoding, { entries: 64, maxKeyLength: 200 });

const findAcceptedEncoding = (acceptEncoding: string | undefined) =>
  acceptEncoding === undefined ? null : chooseKeptEncoding(acceptEncoding);

function withAcceptEncoding(vary: ReturnType<FastifyReply['getHeader']>): string {
  const current = vary === undefined ? '' : String(vary);
  if (!current) return 'accept-encoding';
  if (current.trim() === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return `${current}, accept-encoding`;
}
