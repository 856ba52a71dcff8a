/**
 * A pure function of a short text, its answers kept for the values a server sees over and over (request headers such
 * as `Accept-Encoding` or `Host`, session tokens): at most `entries` of them, all dropped when full (simpler than an
 * LRU), so a client sending new values only makes others compute again. A text longer than `maxKeyLength` is
 * answered without being kept.
 */
export function createSmallMemo<T>(
  compute: (key: string) => T,
  options: { entries: number; maxKeyLength: number },
): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    if (key.length > options.maxKeyLength) return compute(key);
    if (answers.has(key)) return answers.get(key) as T;
    const answer = compute(key);
    if (answers.size >= options.entries) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}
