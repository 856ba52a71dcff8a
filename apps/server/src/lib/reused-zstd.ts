import { constants, createZstdCompress, type ZstdOptions, zstdCompressSync } from 'node:zlib';

/**
 * What Node's one-call compressors use of a compression stream, and what this reads of it: the native handle (one
 * zstd context) and the two counts a call leaves behind. Not part of Node's documented API.
 */
type EngineInternals = {
  _handle?: {
    reset?(): void;
    writeSync?(
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

type Engine = {
  stream: { destroyed: boolean; destroy(): void };
  handle: Required<NonNullable<EngineInternals['_handle']>>;
  state: Uint32Array;
};

/** zstd's bound on the compressed size of `bytes` (ZSTD_COMPRESSBOUND is at most 64 bytes over this), with room. */
const compressBound = (bytes: number) => bytes + (bytes >> 8) + 1024;

/**
 * The one output buffer of every kept context: each call is synchronous and copies its result out before it ends.
 * Made on first use, as large as the largest bound asked.
 */
let sharedOutput: Buffer | null = null;

function findOutput(bytes: number): Buffer {
  if (!sharedOutput || sharedOutput.length < bytes) sharedOutput = Buffer.allocUnsafeSlow(bytes);
  return sharedOutput;
}

function openEngine(options: ZstdOptions): Engine | null {
  const stream = createZstdCompress(options);
  const { _handle: handle, _writeState: state } = stream as unknown as EngineInternals;
  if (
    typeof handle?.reset !== 'function' ||
    typeof handle.writeSync !== 'function' ||
    !(state instanceof Uint32Array)
  ) {
    stream.destroy();
    return null;
  }
  // An error inside zstd destroys the stream at once and is emitted later; without a listener it would throw there.
  stream.on('error', () => {});
  return { stream, handle: handle as Engine['handle'], state };
}

/**
 * A zstd compressor of whole bodies up to `maxBytes` that keeps one zstd context for every call, at `options`
 * (decision 036). `zstdCompressSync` builds a stream object (a transform with its two states and buffers) and a new
 * zstd context for each call and closes them after it: for a 36 KB page about 40 µs of its 110, in the baseline
 * tier, with the garbage left to collect. Resetting the kept context keeps its parameters, so the output is the
 * one-call API's, byte for byte (unit test). A body over `maxBytes`, a result that does not fit, or a failed call
 * goes the one-call way (`oneCall`); once Node's internals are missing or a call failed, every call does.
 */
export function createReusedZstd(
  options: ZstdOptions,
  maxBytes: number,
  oneCall: (body: Buffer, options: ZstdOptions) => Buffer = zstdCompressSync,
): (body: Buffer) => Buffer {
  let engine: Engine | null | undefined;
  const outputBytes = compressBound(maxBytes);

  const giveUp = () => {
    engine?.stream.destroy();
    engine = null;
  };

  return (body) => {
    if (engine === undefined) engine = openEngine(options);
    if (engine === null || body.length > maxBytes) return oneCall(body, options);
    const output = findOutput(outputBytes);
    const { handle, state, stream } = engine;
    // Counts that mean "nothing done": a call that left them as they were is never read as a result.
    state[0] = 0;
    state[1] = 1;
    try {
      handle.reset();
      handle.writeSync(constants.ZSTD_e_end, body, 0, body.length, output, 0, outputBytes);
    } catch {
      giveUp();
      return oneCall(body, options);
    }
    const [freeOutput = 0, unreadInput = 1] = state;
    if (stream.destroyed) {
      giveUp();
      return oneCall(body, options);
    }
    if (unreadInput !== 0 || freeOutput === 0) return oneCall(body, options);
    const compressed = Buffer.allocUnsafeSlow(outputBytes - freeOutput);
    output.copy(compressed, 0, 0, compressed.length);
    return compressed;
  };
}
