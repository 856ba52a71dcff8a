import { constants, createZstdCompress, type ZstdOptions, zstdCompressSync } from 'node:zlib';

/**
 * What Node's one-call compressors use of a compression stream, and what this reads of it: the native handle (one
 * zstd context) and the two counts a call leaves behind. Not part of Node's documented API; `compressWhole` falls
 * back to the one-call API when they are missing.
 */
type EngineInternals = {
  _handle?: {
    reset(): void;
    writeSync(
      flush: number,
      input: Buffer,
      inputOffset: number,
      inputLength: number,
      output: Buffer,
      outputOffset: number,
      outputLength: number,
    ): void;
  };
  /** After a call: the output bytes left free, then the input bytes left unread. */
  _writeState?: Uint32Array;
};

/**
 * A zstd compressor of whole bodies up to `maxBytes` that keeps one zstd context for every call, at `options`.
 * `zstdCompressSync` builds a stream object (a transform with its two states and buffers) and a new zstd context for
 * each call and closes them after it: for a 36 KB page about 40 µs of its 110, in the baseline tier, with the
 * garbage left to collect. Resetting the kept context keeps its parameters, so the output is the one-call API's,
 * byte for byte (unit test). The call is synchronous, so one context serves the whole process. Whatever this cannot
 * do (Node's internals missing, a body too large, an error) goes the one-call way.
 */
export function createReusedZstd(options: ZstdOptions, maxBytes: number): (body: Buffer) => Buffer {
  // zstd's bound on its output (ZSTD_COMPRESSBOUND) is below the input plus 1/256 of it plus 64 KB of frame headers.
  const outputBytes = maxBytes + (maxBytes >> 8) + 65_536;
  let output: Buffer | null = null;
  let engine: {
    stream: { destroyed: boolean };
    handle: NonNullable<EngineInternals['_handle']>;
    state: Uint32Array;
  } | null = null;

  const openEngine = () => {
    const stream = createZstdCompress(options);
    const { _handle: handle, _writeState: state } = stream as unknown as EngineInternals;
    if (!handle || !state) return null;
    // An error inside zstd destroys the stream at once and is emitted later; without a listener it would throw there.
    stream.on('error', () => {});
    return { stream, handle, state };
  };

  return (body) => {
    engine ??= openEngine();
    if (!engine || body.length > maxBytes) return zstdCompressSync(body, options);
    output ??= Buffer.allocUnsafeSlow(outputBytes);
    try {
      engine.handle.reset();
      engine.handle.writeSync(constants.ZSTD_e_end, body, 0, body.length, output, 0, output.length);
    } catch {
      engine = null;
      return zstdCompressSync(body, options);
    }
    const [freeOutput = 0, unreadInput = 1] = engine.state;
    if (engine.stream.destroyed || unreadInput !== 0 || freeOutput === 0) {
      if (engine.stream.destroyed) engine = null;
      return zstdCompressSync(body, options);
    }
    const compressed = Buffer.allocUnsafeSlow(output.length - freeOutput);
    output.copy(compressed, 0, 0, compressed.length);
    return compressed;
  };
}
