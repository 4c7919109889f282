/**
 * The part of autocannon's programmatic API the benchmarks use (the package ships no types).
 * Field names follow its README ("Results"); only what bench/ reads is declared.
 */
declare module 'autocannon' {
  namespace autocannon {
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      pipelining?: number;
      /** Seconds to wait for a response. */
      timeout?: number;
      title?: string;
      headers?: Record<string, string>;
    }

    interface Result {
      title?: string;
      url: string;
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      connections: number;
    }

    interface Instance extends PromiseLike<Result> {
      catch(onRejected: (error: unknown) => unknown): Promise<unknown>;
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
