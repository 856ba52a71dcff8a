import { describe, expect, it } from 'vitest';
import { createBatchedLogStream, type LogDestination } from './batched-log-stream.ts';

function recordDestination() {
  const written: string[] = [];
  const calls: string[] = [];
  const destination: LogDestination = {
    write: (text) => written.push(text),
    flush: () => calls.push('flush'),
    flushSync: () => calls.push('flushSync'),
  };
  return { destination, written, calls };
}

describe('createBatchedLogStream', () => {
  it('hands lines on in blocks once a block is full, in the order written', () => {
    const { destination, written } = recordDestination();
    const stream = createBatchedLogStream(destination, 10);
    stream.write('aaaa\n');
    expect(written).toEqual([]);
    stream.write('bbbb\n');
    expect(written).toEqual(['aaaa\nbbbb\n']);
    stream.write('cc\n');
    stream.write('dddddddd\n');
    expect(written).toEqual(['aaaa\nbbbb\n', 'cc\ndddddddd\n']);
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
});
