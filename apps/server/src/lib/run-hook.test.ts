import { describe, expect, it, vi } from 'vitest';
import { runHook, runSendHook } from './run-hook.ts';

describe('runHook', () => {
  it('answers at once when the work finishes at once', () => {
    const done = vi.fn();
    runHook(done, () => {});
    expect(done).toHaveBeenCalledExactlyOnceWith();
  });

  it('hands a thrown error to done', () => {
    const done = vi.fn();
    const error = new Error('refused');
    runHook(done, () => {
      throw error;
    });
    expect(done).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('waits for work that returns a promise, and hands on its rejection', async () => {
    const done = vi.fn();
    let finish!: () => void;
    runHook(done, () => new Promise<void>((resolve) => (finish = resolve)));
    expect(done).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(done).toHaveBeenCalledExactlyOnceWith());
    const failed = vi.fn();
    const error = new Error('later');
    runHook(failed, () => Promise.reject(error));
    await vi.waitFor(() => expect(failed).toHaveBeenCalledExactlyOnceWith(error));
  });

  it('hands the payload on from an onSend hook, or the error instead', async () => {
    const done = vi.fn();
    runSendHook(done, 'body', () => {});
    expect(done).toHaveBeenCalledExactlyOnceWith(null, 'body');
    const failed = vi.fn();
    const error = new Error('no');
    runSendHook(failed, 'body', () => Promise.reject(error));
    await vi.waitFor(() => expect(failed).toHaveBeenCalledExactlyOnceWith(error));
  });
});
