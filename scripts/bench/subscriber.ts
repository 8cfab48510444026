// Signed-in subscribers for the load section of `npm run bench` (docs/performance.md,
// "Signed-in routes"), run with tsx on the bench's fresh database, as the seed is:
//   PGLITE_DATA_DIR=.data/bench-pglite DATABASE_URL= npx tsx --conditions=react-server scripts/bench/subscriber.ts
// (react-server: lib/accounts/session.ts is marked server-only.)
//
// Creates BENCH_SESSIONS subscribers (default 200) on the Consumer plan, each with the same
// three watches (two categories and one item made in China) and one session, through the
// product's own functions: findOrCreateSubscriber, accessOf, addWatch, createSession. The
// subscription row is the one a provider's webhook records for an active plan.
// BENCH_WATCHES_PER=5-20 (the mix, docs/performance.md "The mix") gives subscriber i
// 5 + i mod 16 watches instead: that many minus one category watches (distinct categories,
// rotated, written in one INSERT) and the item watch; then the engine evaluates every watch
// once (lib/alerts/evaluate.ts, as the nightly job does), so projections and alerts exist.
// Prints, as JSON on the last line: the session cookie's name, and per subscriber its
// email, the cookie value, its watch ids (the item watch last) and its alert ids.
//
// Why several subscribers: GET /api/watchlist allows one subscriber 60 calls, then one a
// second (app/api/watchlist/route.ts), so one subscriber under load would measure 429s. The
// bench spreads its requests over the subscribers, as real traffic comes from many.
import { accessOf } from "@/lib/accounts/access";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { addWatchSchema } from "@/lib/watchlist/schema";
import { addWatch } from "@/lib/watchlist/service";
import { evaluateWatches } from "@/lib/alerts/evaluate";
import { runWithDatabase } from "../lib/run-with-database";

const COUNT = Number(process.env.BENCH_SESSIONS ?? 200);
const PER = /^(\d+)-(\d+)$/.exec(process.env.BENCH_WATCHES_PER ?? "");
const DAY_MS = 86_400_000;

void runWithDatabase("Creating the bench's subscribers failed", async (database) => {
  const db = database.prisma;
  if (!Number.isInteger(COUNT) || COUNT < 1) throw new Error(`BENCH_SESSIONS must be a whole number >= 1, not ${process.env.BENCH_SESSIONS}`);
  const categories = await db.consumerCategory.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }], select: { id: true } });
  const line = await db.htsLine.findFirst({ where: { code: { startsWith: "6403" } }, orderBy: { code: "asc" }, select: { code: true } });
  if (categories.length < 2 || !line) throw new Error("the tariff tables are not loaded: run scripts/seed.ts on this database first");
  const watches = [
    addWatchSchema.parse({ categoryId: categories[0]!.id }),
    addWatchSchema.parse({ categoryId: categories[1]!.id }),
    addWatchSchema.parse({ name: "Leather work boots", htsCode: line.code, price: 120, madeIn: "CN", perYear: 2 }),
  ];

  const now = new Date();
  const subscribers: { email: string; value: string; watchIds: string[]; alertIds?: string[] }[] = [];
  for (let i = 0; i < COUNT; i++) {
    const email = `bench-subscriber-${i}@example.com`;
    const subscriber = await findOrCreateSubscriber(db, email, now);
    await db.subscription.create({
      data: {
        provider: "stripe",
        providerSubscriptionId: `sub_bench_${i}`,
        providerCustomerId: `cus_bench_${i}`,
        email,
        planId: "consumer",
        status: "active",
        subscriberId: subscriber.id,
        currentPeriodEnd: new Date(now.getTime() + 30 * DAY_MS),
        lastEventAt: now,
      },
    });
    const access = await accessOf(db, subscriber.id, now);
    if (access.plan !== "consumer" || access.alertsPaused) throw new Error(`subscriber ${email} has no running Consumer plan (${access.status})`);
    const watchIds: string[] = [];
    if (PER) {
      const [lo, hi] = [Number(PER[1]), Number(PER[2])];
      const many = Math.min(lo + (i % (hi - lo + 1)) - 1, categories.length);
      const ids = Array.from({ length: many }, (_, k) => categories[(i + k) % categories.length]!.id);
      const rows = await db.$queryRawUnsafe<{ id: string }[]>(
        `INSERT INTO watches ("subscriberId", kind, "categoryId", "madeIn", "thresholdPct", "horizonDays", direction)
         SELECT $1::uuid, 'category', c, (ARRAY[NULL, 'CN', 'VN', 'MX', 'DE'])[1 + (n % 5)], (ARRAY[1, 3, 5])[1 + n % 3]::numeric, 180, 'both'
         FROM unnest($2::text[]) WITH ORDINALITY AS t(c, n) RETURNING id::text AS id`,
        subscriber.id,
        ids,
      );
      watchIds.push(...rows.map((r) => r.id), (await addWatch(db, subscriber.id, access, watches[2]!)).id);
    } else for (const watch of watches) watchIds.push((await addWatch(db, subscriber.id, access, watch)).id);
    const { token } = await createSession(db, subscriber.id, now);
    subscribers.push({ email, value: token, watchIds });
  }
  if (PER) {
    const evaluated = await evaluateWatches(db, { now, full: true });
    console.error(`evaluated ${evaluated.watchesEvaluated} watches, ${evaluated.alertsWritten} alerts written in ${(evaluated.ms / 1000).toFixed(1)} s`);
    const alerts = await db.subscriberAlert.findMany({ select: { id: true, subscriber: { select: { email: true } } } });
    const byEmail = new Map(subscribers.map((s) => [s.email, s]));
    for (const a of alerts) (byEmail.get(a.subscriber.email)!.alertIds ??= []).push(a.id);
  }
  console.log(JSON.stringify({ cookieName: subscriberCookieName(), htsCode: line.code, subscribers }));
});
