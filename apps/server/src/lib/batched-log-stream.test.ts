import { describe, expect, it } from 'vitest';
import { createBatchedLogStream, type LogDestination } from './batched-log-stream.ts';

function recordDestination() {
  const written: string[] = [];
  const calls: string[] = [];
  const destination: LogDestination = {
    write: (block) => written.push(block.toString('utf8')),
    flush: () => calls.push('flush'),
    flushSync: () => calls.push('flushSync'),
  };
  return { destination, written, calls };
}

describe('createBatchedLogStream', () => {
  it('hands lines on as UTF-8 blocks before one would overflow, in the order written', () => {
    const { destination, written } = recordDestination();
    const stream = createBatchedLogStream(destination, 30);
    stream.write('aaaa\n');
    stream.write('bbbb\n');
    stream.write('cccc\n');
    // 15 bytes held; 5 units more may take 15 bytes: exactly the block.
    stream.write('dddd\n');
    expect(written).toEqual([]);
    stream.write('eeee\n');
    expect(written).toEqual(['aaaa\nbbbb\ncccc\ndddd\n']);
    stream.write('één\n');
    stream.flush();
    expect(written).toEqual(['aaaa\nbbbb\ncccc\ndddd\n', 'eeee\néén\n']);
  });

  it('sends a line that might not fit an empty block on its own, after what it held', () => {
    const { destination, written } = recordDestination();
    const stream = createBatchedLogStream(destination, 30);
    stream.write('short\n');
    const long = `${'x'.repeat(40)}\n`;
    stream.write(long);
    stream.write('after\n');
    stream.flush();
    expect(written).toEqual(['short\n', long, 'after\n']);
  });

  it('hands on what it holds before each flush, and nothing twice', () => {
    const { destination, written, calls } = recordDestination();
    const stream = createBatchedLogStream(destination, 1000);
    stream.write('one\n');
    stream.flush();
    expect(written).toEqual(['one\n']);
    expect(calls).toEqual(['flush']);
    stream.flush();
    expect(written).toEqual(['one\n']);
    stream.write('two\n');
    stream.flushSync();
    expect(written).toEqual(['one\n', 'two\n']);
    expect(calls).toEqual(['flush', 'flush', 'flushSync']);
  });

  it('writes what it holds at close, and each later line at once, in order', () => {
    const { destination, written, calls } = recordDestination();
    const stream = createBatchedLogStream(destination, 1000);
    stream.write('before\n');
    stream.close();
    expect(written).toEqual(['before\n']);
    expect(calls).toEqual(['flushSync']);
    stream.write('after one\n');
    stream.write('after two\n');
    expect(written).toEqual(['before\n', 'after one\n', 'after two\n']);
  });

  it('keeps each block it handed on intact while it fills the next', () => {
    const kept: Buffer[] = [];
    const stream = createBatchedLogStream({ write: (block) => kept.push(block), flush() {}, flushSync() {} }, 30);
    stream.write('first line\n');
    stream.flush();
    stream.write('second one\n');
    stream.flush();
    expect(kept.map((block) => block.toString())).toEqual(['first line\n', 'second one\n']);
  });
});
