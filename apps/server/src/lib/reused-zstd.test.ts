import { randomBytes } from 'node:crypto';
import { constants, createZstdCompress, type ZstdOptions, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createReusedZstd } from './reused-zstd.ts';

const levelOptions = (level: number) => ({ params: { [constants.ZSTD_c_compressionLevel]: level } });
const page = Buffer.from(
  Array.from(
    { length: 400 },
    (_, index) => `<article class="member-card" data-id="${index}">Anouk, ${index % 60}</article>`,
  ).join('\n'),
);

/** The one-call API, counting its calls: a kept context in use makes none. */
function countOneCalls() {
  const counted = { calls: 0 };
  const oneCall = (body: Buffer, options: ZstdOptions) => {
    counted.calls++;
    return zstdCompressSync(body, options);
  };
  return { counted, oneCall };
}

describe('createReusedZstd', () => {
  it('finds the Node internals it keeps a context with (without them every call is a one-call one)', () => {
    const stream = createZstdCompress() as unknown as {
      _handle: { reset: unknown; writeSync: unknown };
      _writeState: unknown;
    };
    expect(typeof stream._handle.reset).toBe('function');
    expect(typeof stream._handle.writeSync).toBe('function');
    expect(stream._writeState).toBeInstanceOf(Uint32Array);
  });

  it("answers the one-call API's bytes from its own context, call after call, at each level and size", () => {
    for (const level of [1, 2]) {
      const { counted, oneCall } = countOneCalls();
      const compress = createReusedZstd(levelOptions(level), 64 * 1024, oneCall);
      const bodies = [page, page.subarray(0, 1500), randomBytes(20_000), Buffer.alloc(0), page, page.subarray(7)];
      for (const body of bodies) {
        const compressed = compress(body);
        expect(compressed.equals(zstdCompressSync(body, levelOptions(level)))).toBe(true);
        expect(zstdDecompressSync(compressed).equals(body)).toBe(true);
      }
      expect(counted.calls).toBe(0);
    }
  });

  it('gives each answer a buffer of its own, untouched by the next call of any compressor', () => {
    const compress = createReusedZstd(levelOptions(2), 64 * 1024);
    const other = createReusedZstd(levelOptions(1), 16 * 1024);
    const first = compress(page);
    const copy = Buffer.from(first);
    compress(randomBytes(30_000));
    other(randomBytes(10_000));
    expect(first.equals(copy)).toBe(true);
    expect(first.byteOffset).toBe(0);
    expect(first.buffer.byteLength).toBe(first.length);
  });

  it('compresses a body over its bound the one-call way, then goes on with its context', () => {
    const { counted, oneCall } = countOneCalls();
    const compress = createReusedZstd(levelOptions(2), 1024, oneCall);
    expect(zstdDecompressSync(compress(page)).equals(page)).toBe(true);
    expect(counted.calls).toBe(1);
    const small = page.subarray(0, 900);
    expect(compress(small).equals(zstdCompressSync(small, levelOptions(2)))).toBe(true);
    expect(counted.calls).toBe(1);
  });

  it('fits incompressible data of its largest size in its own context', () => {
    const { counted, oneCall } = countOneCalls();
    const compress = createReusedZstd(levelOptions(1), 64 * 1024, oneCall);
    const noise = randomBytes(64 * 1024);
    expect(zstdDecompressSync(compress(noise)).equals(noise)).toBe(true);
    expect(counted.calls).toBe(0);
  });
});
