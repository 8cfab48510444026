import { describeWait, MemoryThrottleStore, SignInThrottle, throttledMessage } from "@/lib/admin-auth/throttle";

const MIN = 60_000;

function setup() {
  let now = 1_000_000;
  const throttle = new SignInThrottle(() => now);
  return {
    throttle,
    advance: (ms: number) => {
      now += ms;
    },
    /** One failed attempt (begun and never succeeded); returns the decision. */
    fail: (username = "alice", client = "203.0.113.1") => throttle.begin(username, client),
  };
}

describe("sign-in throttle", () => {
  it("refuses the 6th try for 30 s after 5 failures from one client for one username", async () => {
    const { fail, advance, throttle } = setup();
    for (let i = 0; i < 5; i++) expect((await fail()).allowed).toBe(true);
    expect(await fail()).toEqual({ allowed: false, retryAfterSeconds: 30 });
    advance(20_000);
    expect(await fail()).toEqual({ allowed: false, retryAfterSeconds: 10 });
    advance(10_000);
    expect((await throttle.begin("alice", "203.0.113.1")).allowed).toBe(true);
  });

  it("doubles the wait with each further failure, up to 15 minutes", async () => {
    const { fail, advance } = setup();
    for (let i = 0; i < 5; i++) await fail();
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await fail();
      if (refused.allowed) throw new Error("expected a refusal");
      waits.push(refused.retryAfterSeconds);
      advance(refused.retryAfterSeconds * 1000);
      expect((await fail()).allowed).toBe(true); // the next try is allowed, and fails
    }
    expect(waits).toEqual([30, 60, 120, 240]);
  });

  it("never makes anyone wait longer than the rule's maximum", async () => {
    let now = 0;
    const throttle = new SignInThrottle(() => now, {
      pair: { threshold: 1, windowMs: 24 * 60 * MIN, baseWaitMs: 30_000, maxWaitMs: 15 * MIN },
      username: { threshold: 1000, windowMs: MIN, baseWaitMs: 1, maxWaitMs: 1 },
    });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect((await throttle.begin("a", "c")).allowed).toBe(true);
      const refused = await throttle.begin("a", "c");
      if (refused.allowed) throw new Error("expected a refusal");
      waits.push(refused.retryAfterSeconds);
      now += refused.retryAfterSeconds * 1000;
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it("refuses even the right password while locked, and a success clears the failures", async () => {
    const { fail, advance, throttle } = setup();
    for (let i = 0; i < 5; i++) await fail();
    // A locked attempt is refused before any password is looked at.
    expect((await throttle.begin("alice", "203.0.113.1")).allowed).toBe(false);
    advance(30_000);
    const attempt = await throttle.begin("alice", "203.0.113.1");
    if (!attempt.allowed) throw new Error("expected an attempt");
    await attempt.attempt.succeeded();
    for (let i = 0; i < 5; i++) expect((await fail()).allowed).toBe(true);
  });

  it("keeps clients and usernames apart, and forgets failures older than 15 minutes", async () => {
    const { fail, advance } = setup();
    for (let i = 0; i < 5; i++) await fail();
    expect((await fail()).allowed).toBe(false);
    expect((await fail("alice", "198.51.100.7")).allowed).toBe(true);
    expect((await fail("bob", "203.0.113.1")).allowed).toBe(true);
    advance(15 * MIN);
    for (let i = 0; i < 4; i++) expect((await fail()).allowed).toBe(true);
  });

  it("counts an attempt before the password check, so parallel tries cannot pass the limit", async () => {
    const { throttle } = setup();
    const started = await Promise.all(Array.from({ length: 8 }, () => throttle.begin("alice", "203.0.113.1")));
    expect(started.filter((d) => d.allowed)).toHaveLength(5);
  });

  it("under attack from many clients (20 failures), each client that never signed in gets one try, then waits", async () => {
    const { fail, throttle } = setup();
    for (let i = 0; i < 20; i++) expect((await fail("alice", `10.0.0.${i}`)).allowed).toBe(true);
    // No global lock: a new client is not refused before it has tried...
    expect((await fail("alice", "10.0.1.1")).allowed).toBe(true);
    // ...but after one failure it waits (instead of five), and so does every attacker's address.
    expect(await fail("alice", "10.0.1.1")).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect((await fail("bob", "10.0.1.1")).allowed).toBe(true);
    // The first try of a fresh client with the right password goes through during the attack.
    const admin = await throttle.begin("alice", "192.0.2.50");
    expect(admin.allowed).toBe(true);
  });

  it("the admin's own client (signed in before) keeps its five tries however long the attack lasts", async () => {
    const { fail, advance, throttle } = setup();
    const own = "192.0.2.10";
    const first = await throttle.begin("alice", own);
    if (!first.allowed) throw new Error("expected an attempt");
    await first.attempt.succeeded();
    // An attacker holds the username under attack for hours from hundreds of addresses.
    for (let hour = 0; hour < 6; hour++) {
      for (let i = 0; i < 100; i++) await fail("alice", `10.${hour}.${i >> 8}.${i & 255}`);
      advance(60 * MIN);
    }
    for (let i = 0; i < 100; i++) await fail("alice", `10.9.0.${i}`);
    // A typo, then the right password: both tried at once, never refused.
    expect((await fail("alice", own)).allowed).toBe(true);
    const again = await throttle.begin("alice", own);
    expect(again.allowed).toBe(true);
  });

  it("keeps the failure list of a username under attack bounded", async () => {
    const store = new MemoryThrottleStore();
    const throttle = new SignInThrottle(() => 5, undefined, store);
    for (let i = 0; i < 2000; i++) await throttle.begin("alice", `10.0.${i >> 8}.${i & 255}`);
    const lists = await store.update(['user:"alice"'], 5, (l) => ({ lists: l, result: l }));
    expect(lists[0]!.length).toBeLessThanOrEqual(100);
  });

  it("says how long to wait", () => {
    expect(describeWait(1)).toBe("1 second");
    expect(describeWait(30)).toBe("30 seconds");
    expect(describeWait(120)).toBe("2 minutes");
    expect(throttledMessage(30)).toBe("Too many failed sign-in attempts. Please wait 30 seconds before trying again.");
  });
});
