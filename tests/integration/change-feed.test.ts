import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { changeFeed, startChangeFeed } from "@/lib/db/change-feed";
import { getDatabase } from "@/lib/db";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * The change feed (migration 20261126170000_change_feed, lib/db/change-feed.ts,
 * docs/performance.md "Signed-in answers from memory"): every committed write to a table a
 * signed-in page may read moves the generation the answer cache follows; the bookkeeping
 * written on every limited call and job run does not. On the embedded database and, in CI,
 * on the PostgreSQL server (a listening connection of its own).
 */
const db = setupTestDatabase();

/** Tables whose writes do not notify: read by no subscriber page or call. */
const QUIET = ["economic_alerts", "economic_refresh_runs", "job_runs", "rate_limit_buckets", "sign_in_throttle"];
/** Their Prisma models, which the code of the subscriber pages and calls must not read. */
const QUIET_MODELS = /\b(economicAlert|economicRefreshRun|jobRun|rateLimitBucket|signInThrottle)\b|\b(economic_alerts|economic_refresh_runs|job_runs|rate_limit_buckets|sign_in_throttle)\b/;
/** The code behind the answers kept in memory (lib/http/answer-cache.ts): their pages, calls and the modules they read with. */
const SIGNED_IN_CODE = ["app/account", "app/watchlist", "app/alerts/mine", "app/api/account", "app/api/watchlist", "lib/accounts", "lib/watchlist", "lib/alerts", "lib/entitlements", "lib/tariffs", "lib/payments/account-billing.ts"];

async function until(check: () => boolean, ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

// Started here (the app starts it only where the answer cache can run: lib/env/answers-from-memory.ts).
let stop: () => Promise<void> = async () => undefined;
/** Waits until no notification has come for 200 ms (the table-by-table ones of each test's TRUNCATE arrive one by one). */
async function settled(): Promise<number> {
  for (;;) {
    const g = changeFeed().generation;
    await new Promise((r) => setTimeout(r, 200));
    if (changeFeed().generation === g) return g;
  }
}

beforeAll(async () => {
  stop = startChangeFeed(getDatabase());
  expect(await until(() => changeFeed().live)).toBe(true);
});
afterAll(async () => {
  await stop().catch(() => undefined);
});

test("every table but the bookkeeping ones notifies its writes (a row trigger and a TRUNCATE one)", async () => {
  const rows = await db.prisma.$queryRaw<{ table: string; notifies: boolean }[]>`
    SELECT c.relname AS "table",
           (SELECT count(*) FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid WHERE t.tgrelid = c.oid AND p.proname = 'notify_change') = 2 AS notifies
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname = current_schema() AND c.relname <> '_prisma_migrations'
    ORDER BY 1`;
  expect(rows.length).toBeGreaterThan(30);
  expect(rows.filter((r) => !r.notifies).map((r) => r.table)).toEqual(QUIET);
});

test("no code of a subscriber page or call reads a table that does not notify", () => {
  const files: string[] = [];
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
    else if (/\.tsx?$/.test(p)) files.push(p);
  };
  for (const p of SIGNED_IN_CODE) walk(path.join(__dirname, "../..", p));
  expect(files.length).toBeGreaterThan(40);
  expect(files.filter((f) => QUIET_MODELS.test(readFileSync(f, "utf8"))).map((f) => path.relative(path.join(__dirname, "../.."), f))).toEqual([]);
});

test("a committed write moves the generation; a write of no row, a rate-limit bucket or a job run does not", async () => {
  const feed = changeFeed();
  let before = await settled();
  await db.prisma.subscriber.create({ data: { email: `feed-${Date.now()}@example.com` } });
  expect(await until(() => feed.generation > before)).toBe(true);

  // Inside a transaction: nothing until it commits.
  before = await settled();
  await db.prisma.$transaction(async (tx) => {
    await tx.subscriber.create({ data: { email: `feed-tx-${Date.now()}@example.com` } });
    await new Promise((r) => setTimeout(r, 100));
    expect(feed.generation).toBe(before);
  });
  expect(await until(() => feed.generation > before)).toBe(true);

  // A statement that changes no row (a job finding nothing due) notifies nothing.
  before = await settled();
  await db.prisma.subscriber.updateMany({ where: { email: "nobody@example.com" }, data: { alertFrequency: "daily" } });
  await new Promise((r) => setTimeout(r, 300));
  expect(feed.generation).toBe(before);

  await db.prisma.rateLimitBucket.create({ data: { key: `feed-${Date.now()}`, tokens: 1, updatedAt: new Date() } });
  await db.prisma.jobRun.create({ data: { name: "feed-test", trigger: "cli", startedAt: new Date(), outcome: "running" } });
  await new Promise((r) => setTimeout(r, 300));
  expect(feed.generation).toBe(before);
  expect(feed.live).toBe(true);
});
