// Signed-in subscribers for the load section of `npm run bench` (docs/performance.md,
// "Signed-in routes"), run with tsx on the bench's fresh database, as the seed is:
//   PGLITE_DATA_DIR=.data/bench-pglite DATABASE_URL= npx tsx --conditions=react-server scripts/bench/subscriber.ts
// (react-server: lib/accounts/session.ts is marked server-only.)
//
// Creates BENCH_SESSIONS subscribers (default 200) on the Consumer plan, each with the same
// three watches (two categories and one item made in China) and one session, through the
// product's own functions: findOrCreateSubscriber, accessOf, addWatch, createSession. The
// subscription row is the one a provider's webhook records for an active plan. Prints, as
// JSON on the last line: the session cookie's name, and per subscriber its email, the
// cookie value and its watch ids (the item watch last).
//
// Why several subscribers: GET /api/watchlist allows one subscriber 60 calls, then one a
// second (app/api/watchlist/route.ts), so one subscriber under load would measure 429s. The
// bench spreads its requests over the subscribers, as real traffic comes from many.
import { accessOf } from "@/lib/accounts/access";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { addWatchSchema } from "@/lib/watchlist/schema";
import { addWatch } from "@/lib/watchlist/service";
import { runWithDatabase } from "../lib/run-with-database";

const COUNT = Number(process.env.BENCH_SESSIONS ?? 200);
const DAY_MS = 86_400_000;

void runWithDatabase("Creating the bench's subscribers failed", async (database) => {
  const db = database.prisma;
  if (!Number.isInteger(COUNT) || COUNT < 1) throw new Error(`BENCH_SESSIONS must be a whole number >= 1, not ${process.env.BENCH_SESSIONS}`);
  const categories = await db.consumerCategory.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }], select: { id: true }, take: 2 });
  const line = await db.htsLine.findFirst({ where: { code: { startsWith: "6403" } }, orderBy: { code: "asc" }, select: { code: true } });
  if (categories.length < 2 || !line) throw new Error("the tariff tables are not loaded: run scripts/seed.ts on this database first");
  const watches = [
    addWatchSchema.parse({ categoryId: categories[0]!.id }),
    addWatchSchema.parse({ categoryId: categories[1]!.id }),
    addWatchSchema.parse({ name: "Leather work boots", htsCode: line.code, price: 120, madeIn: "CN", perYear: 2 }),
  ];

  const now = new Date();
  const subscribers: { email: string; value: string; watchIds: string[] }[] = [];
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
    for (const watch of watches) watchIds.push((await addWatch(db, subscriber.id, access, watch)).id);
    const { token } = await createSession(db, subscriber.id, now);
    subscribers.push({ email, value: token, watchIds });
  }
  console.log(JSON.stringify({ cookieName: subscriberCookieName(), subscribers }));
});
