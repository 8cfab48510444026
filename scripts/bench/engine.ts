// The alert engine's bench (docs/performance.md, "At scale on PostgreSQL"), run
// with tsx: `npx tsx scripts/bench/engine.ts` (also from `npm run bench`, BENCH_ONLY=engine).
//
// On a fresh in-memory PGlite (or, with TEST_DATABASE_URL / DATABASE_URL a postgres:// URL,
// a fresh database created on that server and dropped afterwards): migrate, load the
// committed tariff tables (data/tariffs), insert 10,000 subscribers with an active trial
// and 100,000 watches over them (set-based INSERT ... SELECT generate_series), then time
//   (a) one measure changed (a new rate event) evaluated and its alerts written — target < 5 s;
//   (b) a full re-evaluation of every watch — target < 60 s (first run: writes every alert;
//       nightly run: nothing new, every projection and watch state refreshed).
// Prints one line per figure and, with --json, the figures as JSON on the last line.
import "dotenv/config";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { evaluateWatches } from "@/lib/alerts/evaluate";
import { openDatabase } from "@/lib/db/connect";
import { applyMigrations, postgresAdapterFactory } from "@/tools/migrate";
import { loadTariffTables } from "@/lib/tariffs/seed";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const WATCHES = Number(process.env.BENCH_WATCHES ?? 100_000);
const CHANGED_MEASURE = process.env.BENCH_MEASURE ?? "s301_china_list4a";
export const ENGINE_TARGETS = { oneMeasureMs: 5_000, fullMs: 60_000 };

async function main(): Promise<void> {
  const serverUrl = (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "").trim();
  const onServer = /^postgres(ql)?:\/\//.test(serverUrl);
  let createdDb: string | null = null;
  let target: Parameters<typeof openDatabase>[0];
  if (onServer) {
    createdDb = `tw_bench_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${createdDb}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${createdDb}`;
    target = { kind: "postgres", url: url.toString() };
  } else {
    target = { kind: "pglite", dataDir: "memory://bench-engine" };
  }
  const database = openDatabase(target);
  const db = database.prisma;
  const figures: Record<string, number | string> = { database: onServer ? "PostgreSQL" : "PGlite (in memory)" };
  try {
    const t0 = performance.now();
    // On a server, the project's migration adapter (it sends each migration whole, as `npm run db:deploy` does).
    await applyMigrations({ adapterFactory: target.kind === "postgres" ? postgresAdapterFactory(target.url) : database.adapterFactory });
    const counts = await loadTariffTables(db);
    const now = new Date();
    await db.$executeRawUnsafe(
      `INSERT INTO subscribers (email, "alertFrequency") SELECT 'bench' || g || '@example.com', 'weekly' FROM generate_series(1, $1::int) g`,
      SUBSCRIBERS,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO free_trials (email, "firstName", "lastName", "startDate", "endDate", "isActive", "subscriberId")
       SELECT email, 'Bench', 'Trial', $1::timestamptz - interval '1 day', $1::timestamptz + interval '6 days', true, id FROM subscribers`,
      now.toISOString(),
    );
    await db.$executeRawUnsafe(
      `WITH cats AS (SELECT array_agg(id ORDER BY id) AS ids FROM consumer_categories),
            subs AS (SELECT id, (row_number() OVER (ORDER BY email) - 1)::int AS rn FROM subscribers)
       INSERT INTO watches ("subscriberId", kind, "categoryId", "madeIn", "thresholdPct", "horizonDays", direction)
       SELECT s.id, 'category', cats.ids[1 + g % array_length(cats.ids, 1)],
              (ARRAY[NULL, 'CN', 'VN', 'MX', 'DE'])[1 + (g / 7) % 5],
              (ARRAY[1, 3, 5])[1 + g % 3]::numeric, (ARRAY[30, 90, 180])[1 + (g / 3) % 3], 'both'
       FROM generate_series(0, $1::int - 1) g CROSS JOIN cats JOIN subs s ON s.rn = g % $2::int`,
      WATCHES,
      SUBSCRIBERS,
    );
    figures.setupSeconds = Number(((performance.now() - t0) / 1000).toFixed(1));
    figures.watches = WATCHES;
    figures.subscribers = SUBSCRIBERS;
    figures.categories = counts.categories;

    // (b1) first full evaluation: every projection, every alert written.
    const first = await evaluateWatches(db, { now, full: true });
    figures.fullFirstMs = first.ms;
    figures.fullFirstCombos = first.combos;
    figures.fullFirstAlerts = first.alertsWritten;
    console.log(`full evaluation, first run: ${first.watchesEvaluated} watches in ${first.combos} combos, ${first.alertsWritten} alerts written in ${(first.ms / 1000).toFixed(2)} s`);

    // (a) one measure changes: a rate increase on it in 20 days.
    const measure = await db.tariffMeasure.findUniqueOrThrow({ where: { id: CHANGED_MEASURE }, select: { id: true, sourceId: true, rate: true } });
    await db.measureEvent.create({
      data: {
        id: `${measure.id}:bench:${now.toISOString().slice(0, 10)}`,
        measureId: measure.id,
        date: new Date(now.getTime() + 20 * 86_400_000),
        type: "RATE_CHANGE",
        rate: Number(measure.rate ?? 0.075) + 0.1,
        sourceId: measure.sourceId,
      },
    });
    const one = await evaluateWatches(db, { now, measureIds: [measure.id] });
    figures.oneMeasureMs = one.ms;
    figures.oneMeasureWatches = one.watchesEvaluated;
    figures.oneMeasureCombos = one.combos;
    figures.oneMeasureAlerts = one.alertsWritten;
    console.log(`one measure changed (${measure.id}): ${one.watchesEvaluated} watches in ${one.combos} combos, ${one.alertsWritten} alerts written in ${(one.ms / 1000).toFixed(2)} s (target < ${ENGINE_TARGETS.oneMeasureMs / 1000} s)`);

    // (b2) the nightly full re-evaluation.
    const nightly = await evaluateWatches(db, { now: new Date(now.getTime() + 60_000), full: true });
    figures.fullMs = nightly.ms;
    figures.fullAlerts = nightly.alertsWritten;
    console.log(`full re-evaluation (nightly): ${nightly.watchesEvaluated} watches in ${nightly.combos} combos, ${nightly.alertsWritten} alerts written in ${(nightly.ms / 1000).toFixed(2)} s (target < ${ENGINE_TARGETS.fullMs / 1000} s)`);
  } finally {
    await database.close();
    if (createdDb) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${createdDb}" WITH (FORCE)`);
      await admin.end();
    }
  }
  if (process.argv.includes("--json")) console.log(JSON.stringify(figures));
}

main().catch((error: unknown) => {
  console.error(`The engine bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
