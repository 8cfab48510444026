import { randomUUID } from "node:crypto";
import pg from "pg";
import { SignInThrottle } from "@/lib/admin-auth/throttle";
import { openDatabase, type Database } from "@/lib/db/connect";
import { PUBLIC_FORM_LIMIT, RateLimiter } from "@/lib/http/rate-limit";
import { DatabaseBucketStore, DatabaseThrottleStore } from "@/lib/http/shared-limits";
import { builtAppDistDir, startApp, type RunningApp } from "../helpers/app-server";
import { templateDatabase } from "../helpers/database-templates";
import { createServerDatabase, setupTestDatabase } from "../helpers/test-database";

/**
 * docs/security.md "Limits shared by every instance": rate limits and the admin sign-in throttle live in the database, so
 * several instances on one PostgreSQL limit as one. The store's semantics are checked on
 * the test database (PGlite or PostgreSQL); two instances need a PostgreSQL server
 * (TEST_DATABASE_URL; PGlite is single-process).
 */
const db = setupTestDatabase();
const rule = { capacity: 5, refillMs: 60_000 };

describe("rate-limit buckets in the database", () => {
  it("allows the capacity, refuses with the wait until a token is back, refills with time", async () => {
    let now = 1_700_000_000_000;
    const limiter = new RateLimiter(rule, { store: new DatabaseBucketStore(() => db.prisma, () => 1), namespace: "t", now: () => now });
    for (let i = 0; i < 5; i += 1) expect((await limiter.take("a")).allowed).toBe(true);
    expect(await limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    now += 45_000;
    expect(await limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 15 });
    now += 15_000;
    expect((await limiter.take("a")).allowed).toBe(true);
    expect((await limiter.take("a")).allowed).toBe(false);
    expect((await limiter.take("b")).allowed).toBe(true);
    const rows = await db.prisma.rateLimitBucket.findMany({ orderBy: { key: "asc" } });
    expect(rows.map((r) => r.key)).toEqual(["t:a", "t:b"]);
  });

  it("takes one token per request under a parallel burst (one atomic statement)", async () => {
    const limiter = new RateLimiter(rule, { store: new DatabaseBucketStore(() => db.prisma, () => 1) });
    const decisions = await Promise.all(Array.from({ length: 30 }, () => limiter.take("burst")));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it("prunes buckets untouched for a day on a sample of calls", async () => {
    const now = Date.now();
    await db.prisma.rateLimitBucket.create({ data: { key: "old", tokens: 0, updatedAt: new Date(now - 25 * 3600_000) } });
    await db.prisma.rateLimitBucket.create({ data: { key: "recent", tokens: 0, updatedAt: new Date(now - 3600_000) } });
    const limiter = new RateLimiter(rule, { store: new DatabaseBucketStore(() => db.prisma, () => 0), now: () => now });
    await limiter.take("x");
    for (let i = 0; i < 50 && (await db.prisma.rateLimitBucket.count({ where: { key: "old" } })) > 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect((await db.prisma.rateLimitBucket.findMany({ orderBy: { key: "asc" } })).map((r) => r.key)).toEqual(["recent", "x"]);
  });
});

describe("sign-in failures in the database", () => {
  it("throttles like the in-memory throttle, counts a parallel burst one by one, and a success clears it", async () => {
    let now = 1_700_000_000_000;
    const throttle = new SignInThrottle(() => now, undefined, new DatabaseThrottleStore(() => db.prisma, () => 1));
    const burst = await Promise.all(Array.from({ length: 8 }, () => throttle.begin("alice", "203.0.113.1")));
    expect(burst.filter((d) => d.allowed)).toHaveLength(5);
    expect(await throttle.begin("alice", "203.0.113.1")).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // NUL and other odd characters in a username are kept apart and stored safely.
    expect((await throttle.begin("a\u0000b", "203.0.113.1")).allowed).toBe(true);
    now += 30_000;
    const attempt = await throttle.begin("alice", "203.0.113.1");
    if (!attempt.allowed) throw new Error("expected an attempt");
    await attempt.attempt.succeeded();
    expect((await throttle.begin("alice", "203.0.113.1")).allowed).toBe(true);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL?.trim();

(serverUrl ? describe : describe.skip)("two instances on one PostgreSQL database", () => {
  let name: string;
  let url: string;
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    name = `tw_shared_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    // Migrated: a copy of the run's empty template (tests/helpers/database-templates.ts).
    await createServerDatabase(serverUrl!, name, await templateDatabase(serverUrl!, "empty"));
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    a = openDatabase({ kind: "postgres", url });
    b = openDatabase({ kind: "postgres", url });
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it("two limiters with their own connections, flooded alternately and in parallel, limit as one", async () => {
    const one = new RateLimiter(rule, { store: new DatabaseBucketStore(() => a.prisma), namespace: "form:x" });
    const two = new RateLimiter(rule, { store: new DatabaseBucketStore(() => b.prisma), namespace: "form:x" });
    const alternate: boolean[] = [];
    for (let i = 0; i < 12; i += 1) alternate.push((await (i % 2 ? two : one).take("c1")).allowed);
    expect(alternate.filter(Boolean)).toHaveLength(5);
    const parallel = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? two : one).take("c2")));
    expect(parallel.filter((d) => d.allowed)).toHaveLength(5);
  });

  it("two sign-in throttles with their own connections count the same failures", async () => {
    const one = new SignInThrottle(undefined, undefined, new DatabaseThrottleStore(() => a.prisma));
    const two = new SignInThrottle(undefined, undefined, new DatabaseThrottleStore(() => b.prisma));
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? two : one).begin("ops", "198.51.100.5")));
    expect(burst.filter((d) => d.allowed)).toHaveLength(5);
  });

  const dist = builtAppDistDir();
  (dist ? it : it.skip)(
    `two scripts/serve.mjs processes on the database, flooded alternately, limit as one (${dist ?? "no build"})`,
    async () => {
      const apps: RunningApp[] = [];
      try {
        apps.push(await startApp(dist!, { DATABASE_URL: url, NEXTAUTH_SECRET: "x".repeat(40), UNSUBSCRIBE_SECRET: "y".repeat(40), EBOOK_ACCESS_SECRET: "z".repeat(40), TRIAL_TOMBSTONE_SECRET: "w".repeat(40) }));
        apps.push(await startApp(dist!, { DATABASE_URL: url, NEXTAUTH_SECRET: "x".repeat(40), UNSUBSCRIBE_SECRET: "y".repeat(40), EBOOK_ACCESS_SECRET: "z".repeat(40), TRIAL_TOMBSTONE_SECRET: "w".repeat(40) }));
        const statuses: number[] = [];
        for (let i = 0; i < PUBLIC_FORM_LIMIT.capacity + 10; i += 1) {
          const app = apps[i % 2]!;
          const response = await fetch(`${app.url}/api/newsletter`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i + 1}` },
            body: JSON.stringify({ email: `two-${i}@example.com` }),
          });
          statuses.push(response.status);
        }
        expect(statuses.filter((s) => s === 201)).toHaveLength(PUBLIC_FORM_LIMIT.capacity);
        expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      } finally {
        await Promise.all(apps.map((app) => app.stop()));
      }
    },
    180_000,
  );
});
