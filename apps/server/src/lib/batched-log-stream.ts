/** Where the batched lines go: pino's destination (SonicBoom) or, in tests, a recorder. */
export interface LogDestination {
  write(text: string): unknown;
  flush(): void;
  flushSync(): void;
}

export interface BatchedLogStream {
  write(line: string): void;
  /** Hands the gathered lines on, then lets the destination write in the background. */
  flush(): void;
  /** Hands them on and writes them before returning (at close). */
  flushSync(): void;
}

/**
 * Gathers log lines into blocks of about `blockBytes` (16 KB: about 60 request lines) before handing them to
 * `destination`, in the order written. SonicBoom measured the bytes of its whole pending block again on every write,
 * which made each request line cost about two microseconds, and each block it writes is a task for Node's thread
 * pool. Blocks go out when full and on each flush (every second and at close, `app.ts`).
 */
export function createBatchedLogStream(destination: LogDestination, blockBytes = 16_384): BatchedLogStream {
  let pending = '';
  const handOn = () => {
    if (!pending) return;
    const block = pending;
    pending = '';
    destination.write(block);
  };
  return {
    write(line) {
      // UTF-16 units, not bytes: a block with non-ASCII text is a little larger, which does not matter here.
      pending += line;
      if (pending.length >= blockBytes) handOn();
    },
    flush() {
      handOn();
      destination.flush();
    },
    flushSync() {
      handOn();
      destination.flushSync();
    },
  };
}
