// The part of autocannon's programmatic API bench/api uses (it ships no types of its own).
declare module 'autocannon' {
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  namespace autocannon {
    interface Histogram {
      readonly average: number;
      readonly p50: number;
      readonly p99: number;
      readonly max: number;
      readonly total: number;
    }
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface RequestSpec extends Request {
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }
    interface Options extends Request {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      requests?: RequestSpec[];
    }
    interface Result {
      readonly requests: Histogram;
      readonly latency: Histogram;
      readonly non2xx: number;
      readonly errors: number;
      readonly timeouts: number;
    }
  }
  export = autocannon;
}
