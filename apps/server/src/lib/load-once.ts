/**
 * `load` run on the first call and its promise shared by every later one; a failed load is forgotten, so the next
 * call runs it again. For work a process may never need, done by its first use (decision 029). A module whose
 * evaluation failed stays failed in Node's cache, so for an import "again" means the same error until a restart.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
