import { clientKey, clientKeyFrom, MemoryBucketStore, RateLimiter } from "@/lib/http/rate-limit";

describe("rate limiter", () => {
  it("allows a burst up to capacity, then refuses with a Retry-After", async () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 3, refillMs: 10_000 }, { now: () => now });
    expect((await limiter.take("a")).allowed).toBe(true);
    expect((await limiter.take("a")).allowed).toBe(true);
    expect((await limiter.take("a")).allowed).toBe(true);
    expect(await limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });
    now = 4_000;
    expect(await limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 6 });
    now = 10_000;
    expect((await limiter.take("a")).allowed).toBe(true);
  });

  it("limits each client on its own", async () => {
    const limiter = new RateLimiter({ capacity: 1, refillMs: 60_000 }, { now: () => 0 });
    expect((await limiter.take("a")).allowed).toBe(true);
    expect((await limiter.take("a")).allowed).toBe(false);
    expect((await limiter.take("b")).allowed).toBe(true);
  });

  it("keeps limiters that share a store apart by namespace", async () => {
    const store = new MemoryBucketStore();
    const one = new RateLimiter({ capacity: 1, refillMs: 60_000 }, { store, namespace: "one", now: () => 0 });
    const two = new RateLimiter({ capacity: 1, refillMs: 60_000 }, { store, namespace: "two", now: () => 0 });
    expect((await one.take("a")).allowed).toBe(true);
    expect((await one.take("a")).allowed).toBe(false);
    expect((await two.take("a")).allowed).toBe(true);
  });

  it("forgets the oldest client when its table is full", async () => {
    const limiter = new RateLimiter({ capacity: 1, refillMs: 60_000 }, { now: () => 0, store: new MemoryBucketStore(2) });
    await limiter.take("a");
    await limiter.take("b");
    await limiter.take("c");
    expect((await limiter.take("a")).allowed).toBe(true);
  });
});

describe("client key", () => {
  const request = (headers: Record<string, string>) => new Request("http://x", { headers });

  it("reads our server's header first, and only when our server runs", () => {
    const h = request({ "x-tw-client-ip": "192.0.2.7", "x-forwarded-for": "203.0.113.9" });
    expect(clientKey(h, { fromServer: true, platformHeader: undefined })).toBe("192.0.2.7");
    // Without scripts/serve.mjs anyone can send x-tw-client-ip: it is ignored.
    expect(clientKey(h, { fromServer: false, platformHeader: undefined })).toBe("unknown");
  });

  it("never keys on the client-sent first X-Forwarded-For entry", () => {
    const forged = (ip: string) => request({ "x-forwarded-for": `${ip}, 10.0.0.1` });
    const off = { fromServer: false, platformHeader: undefined };
    expect(clientKey(forged("203.0.113.9"), off)).toBe("unknown");
    expect(clientKey(forged("203.0.113.10"), off)).toBe(clientKey(forged("203.0.113.11"), off));
    expect(clientKey(request({ "x-real-ip": "198.51.100.2" }), off)).toBe("unknown");
  });

  it("reads the platform's header named by CLIENT_IP_HEADER (its right-most entry)", () => {
    const vercel = { fromServer: false, platformHeader: "x-vercel-forwarded-for" };
    expect(clientKey(request({ "x-vercel-forwarded-for": "198.51.100.2" }), vercel)).toBe("198.51.100.2");
    expect(clientKey(request({ "x-vercel-forwarded-for": "6.6.6.6, 198.51.100.2" }), vercel)).toBe("198.51.100.2");
    expect(clientKey(request({ "x-forwarded-for": "198.51.100.2" }), vercel)).toBe("unknown");
  });

  it("bounds the key's length", () => {
    expect(clientKeyFrom(() => "a".repeat(10_000), { fromServer: true, platformHeader: undefined })).toHaveLength(100);
  });
});
