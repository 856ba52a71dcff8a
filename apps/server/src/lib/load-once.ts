/**
 * `load` run on the first call and its promise shared by every later one; a failed load, whether it rejects or throws,
 * is forgotten, so the next call runs it again. For work a process may never need, done by its first use (decision
 * 029). Node looks again for a package that was missing, but keeps a module whose evaluation threw as failed: that
 * one fails each call until a restart.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= Promise.resolve()
      .then(load)
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
}
