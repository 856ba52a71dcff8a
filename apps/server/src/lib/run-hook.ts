/**
 * Runs a request hook's work in Fastify's callback style: work that finishes at once (the common case: a cached
 * site, a cached session, nothing to check) answers without the promise and microtask turns an `async` hook costs
 * on every request; work that must wait returns its promise.
 */
export function runHook(done: (error?: Error) => void, work: () => void | Promise<void>): void {
  let pending: void | Promise<void>;
  try {
    pending = work();
  } catch (error) {
    done(error as Error);
    return;
  }
  if (pending) pending.then(() => done(), done);
  else done();
}

/** As `runHook`, for `onSend` hooks, which hand the payload on. */
export function runSendHook<Payload>(
  done: (error: Error | null, payload?: Payload) => void,
  payload: Payload,
  work: () => void | Promise<void>,
): void {
  runHook((error) => (error ? done(error) : done(null, payload)), work);
}
