// autocannon ships no types; this declares the part of its programmatic API the benches use.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    /** Requests per second, sampled each second. */
    requests: Histogram & { total: number };
    /** Milliseconds. */
    latency: Histogram;
    /** Bytes, response headers included. */
    throughput: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
