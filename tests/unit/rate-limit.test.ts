import { clientKey, RateLimiter } from "@/lib/http/rate-limit";

describe("rate limiter", () => {
  it("allows a burst up to capacity, then refuses with a Retry-After", () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 3, refillMs: 10_000 }, () => now);
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });
    now = 4_000;
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 6 });
    now = 10_000;
    expect(limiter.take("a").allowed).toBe(true);
  });

  it("limits each client on its own", () => {
    const limiter = new RateLimiter({ capacity: 1, refillMs: 60_000 }, () => 0);
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
    expect(limiter.take("b").allowed).toBe(true);
  });

  it("forgets the oldest client when its table is full", () => {
    const limiter = new RateLimiter({ capacity: 1, refillMs: 60_000 }, () => 0, 2);
    limiter.take("a");
    limiter.take("b");
    limiter.take("c");
    expect(limiter.take("a").allowed).toBe(true);
  });

  it("keys clients by the first X-Forwarded-For address", () => {
    expect(clientKey(new Request("http://x", { headers: { "x-forwarded-for": "203.0.113.9, 10.0.0.1" } }))).toBe("203.0.113.9");
    expect(clientKey(new Request("http://x", { headers: { "x-real-ip": "198.51.100.2" } }))).toBe("198.51.100.2");
    expect(clientKey(new Request("http://x"))).toBe("unknown");
  });
});
