// `npm run search:eval [-- --memory] [-- --file other.csv] [-- --json]`: runs every phrase of
// data/search/eval-phrases.csv (or --file) through the product search against the HTS lines
// table and prints top-1 and top-3 accuracy, the misses, latency per query and what the index
// costs in memory (docs/search.md, "Measured").
//
// By default it searches the app's own database (DATABASE_URL, or the embedded one: run
// `npm run db:deploy && npm run db:seed` first). --memory migrates an in-memory embedded
// database and loads the committed tariff tables into it instead, so it runs anywhere.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "@/lib/db/connect";
import { describeTarget } from "@/lib/db/target";
import { applyMigrations } from "@/lib/db/tools/migrate";
import { evaluate, parseEvalPhrases, percentile } from "@/lib/search/evaluation";
import { loadTariffTables } from "@/lib/tariffs/seed";
import { productSearch, searchHtsLines } from "@/lib/tariffs/search";
import { runWithDatabase } from "./lib/run-with-database";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const file = path.resolve(option("--file") ?? path.join(__dirname, "..", "data", "search", "eval-phrases.csv"));
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;

async function run(database: Database): Promise<number> {
  const db = database.prisma;
  const lines = await db.htsLine.count();
  if (!lines) {
    console.error(`No HTS lines in ${describeTarget(database.target)}: run npm run db:deploy && npm run db:seed, or pass --memory.`);
    return 1;
  }
  const phrases = parseEvalPhrases(readFileSync(file, "utf8"));

  gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  const { index } = await productSearch(db);
  const buildMs = performance.now() - started;
  gc?.();
  const after = process.memoryUsage();

  const report = await evaluate(phrases, (q) => searchHtsLines(db, q, 10));
  const p = (n: number) => `${percentile(report.latenciesMs, n).toFixed(1)} ms`;
  if (flag("--json")) {
    console.log(JSON.stringify({ file, lines: index.size, buildMs, indexHeapBytes: after.heapUsed - before.heapUsed, ...report, latenciesMs: undefined, p50: percentile(report.latenciesMs, 50), p99: percentile(report.latenciesMs, 99) }, null, 2));
    return 0;
  }
  console.log(`Product search on ${lines.toLocaleString("en-US")} HTS lines (${describeTarget(database.target)}), ${phrases.length} phrases from ${path.relative(process.cwd(), file)}`);
  for (const miss of report.misses) console.log(`  miss: "${miss.phrase}" (${miss.aisle}) expected ${miss.expected.join(" ")}, got ${miss.got.join(" ") || "nothing"}`);
  console.log(`top-1 ${report.top1}/${report.phrases} = ${(100 * report.top1Rate).toFixed(1)}%`);
  console.log(`top-3 ${report.top3}/${report.phrases} = ${(100 * report.top3Rate).toFixed(1)}%`);
  console.log(`empty answers: ${report.empty}`);
  console.log(`latency per query (route code, database included): p50 ${p(50)}, p90 ${p(90)}, p99 ${p(99)}`);
  console.log(`index: built in ${buildMs.toFixed(0)} ms; heap ${gc ? mb(after.heapUsed - before.heapUsed) : "(run with node --expose-gc to measure)"}; process RSS ${mb(process.memoryUsage().rss)}`);
  return 0;
}

if (flag("--memory")) {
  process.env.PGLITE_DATA_DIR = "memory://";
  delete process.env.DATABASE_URL;
}
void runWithDatabase("Search evaluation failed", async (database) => {
  if (flag("--memory")) {
    await applyMigrations({ adapterFactory: database.adapterFactory });
    await database.prisma.$transaction((tx) => loadTariffTables(tx), { timeout: 600_000 });
  }
  return run(database);
});
