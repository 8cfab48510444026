// `npm run search:eval [-- --memory | --url http://host:port] [-- --file other.csv] [-- --json]`:
// runs every phrase of data/search/eval-phrases.csv (or --file) through the product search and
// prints top-1 and top-3 accuracy, the misses, latency per query and what the index costs in
// memory (docs/search.md, "Measured").
//
// By default it searches the app's own database (DATABASE_URL, or the embedded one: run
// `npm run db:deploy && npm run db:seed` first). --memory migrates an in-memory embedded
// database and loads the committed tariff tables into it instead, so it runs anywhere. --url
// asks a running app over HTTP instead (GET /api/hts/search): latency as a client sees it.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "@/lib/db/connect";
import { describeTarget } from "@/lib/db/target";
import { applyMigrations } from "@/tools/migrate";
import { evaluate, parseEvalPhrases, percentile, type EvalAnswer, type EvalReport } from "@/lib/search/evaluation";
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
const phrases = parseEvalPhrases(readFileSync(file, "utf8"));
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;

/** Prints the report: what was searched, the misses, the accuracy, and the latency of `latencies` (ms). */
function print(where: string, report: EvalReport, latencies: readonly number[], latencyOf: string, extra: Record<string, unknown> = {}): void {
  const p = (n: number) => percentile(latencies, n);
  if (flag("--json")) {
    console.log(JSON.stringify({ where, file, ...extra, ...report, latenciesMs: undefined, p50: p(50), p90: p(90), p99: p(99) }, null, 2));
    return;
  }
  console.log(`Product search on ${where}, ${phrases.length} phrases from ${path.relative(process.cwd(), file)}`);
  for (const miss of report.misses) console.log(`  miss: "${miss.phrase}" (${miss.aisle}) expected ${miss.expected.join(" ")}, got ${miss.got.join(" ") || "nothing"}`);
  console.log(`top-1 ${report.top1}/${report.phrases} = ${(100 * report.top1Rate).toFixed(1)}%`);
  console.log(`top-3 ${report.top3}/${report.phrases} = ${(100 * report.top3Rate).toFixed(1)}%`);
  console.log(`empty answers: ${report.empty}`);
  console.log(`latency per ${latencyOf}: p50 ${p(50).toFixed(1)} ms, p90 ${p(90).toFixed(1)} ms, p99 ${p(99).toFixed(1)} ms`);
}

async function inDatabase(database: Database): Promise<number> {
  const db = database.prisma;
  const lines = await db.htsLine.count();
  if (!lines) {
    console.error(`No HTS lines in ${describeTarget(database.target)}: run npm run db:deploy && npm run db:seed, or pass --memory.`);
    return 1;
  }
  gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  const { index } = await productSearch(db);
  const buildMs = performance.now() - started;
  gc?.();
  const after = process.memoryUsage();
  const indexBytes = after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers);

  const report = await evaluate(phrases, (q) => searchHtsLines(db, q, 10));
  print(`${index.size.toLocaleString("en-US")} HTS lines (${describeTarget(database.target)})`, report, report.latenciesMs, "query (route code, database included)", { buildMs, indexBytes });
  if (!flag("--json")) {
    console.log(`index: built in ${buildMs.toFixed(0)} ms; ${gc ? `${mb(indexBytes)} (heap and typed arrays)` : "memory: run with node --expose-gc"}; process RSS ${mb(process.memoryUsage().rss)}`);
  }
  return 0;
}

/** One search over HTTP; a 429 waits its Retry-After, not counted (the evaluation asks faster than a person types). */
async function overHttp(base: string, q: string, latencies: number[]): Promise<EvalAnswer> {
  for (;;) {
    const started = performance.now();
    const response = await fetch(`${base}/api/hts/search?q=${encodeURIComponent(q)}&limit=10`);
    if (response.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get("retry-after") ?? 1)));
      continue;
    }
    if (!response.ok) throw new Error(`${response.status} for "${q}"`);
    const body = (await response.json()) as EvalAnswer;
    latencies.push(performance.now() - started);
    return body;
  }
}

const url = option("--url")?.replace(/\/$/, "");
if (url) {
  const latencies: number[] = [];
  evaluate(phrases, (q) => overHttp(url, q, latencies)).then(
    (report) => print(url, report, latencies, "request over HTTP"),
    (error: unknown) => {
      console.error(`Search evaluation failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
} else {
  if (flag("--memory")) {
    process.env.PGLITE_DATA_DIR = "memory://";
    delete process.env.DATABASE_URL;
  }
  void runWithDatabase("Search evaluation failed", async (database) => {
    if (flag("--memory")) {
      await applyMigrations({ adapterFactory: database.adapterFactory });
      await database.prisma.$transaction((tx) => loadTariffTables(tx), { timeout: 600_000 });
    }
    return inDatabase(database);
  });
}
