// The few parts of autocannon's programmatic API the benchmarks use (it ships no types).
declare module 'autocannon' {
  export type Options = {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    body?: string;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    /** Replace `[<id>]` in the URL with a fresh id per request. */
    idReplacement?: boolean;
  };
  export type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number; p50: number; p99: number };
  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '4xx': number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
