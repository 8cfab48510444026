// The economic dashboard's API under load (docs/economy.md "Speed"): GET /api/economic/dashboard with 50
// connections, next to a bare Node http server answering the same bytes and headers, in
// the same run. Targets: p99 under 25 ms and at least 0.4x the bare server's requests per
// second, measured as production serves this path: through a shared cache that honours the
// answer's Cache-Control (s-maxage=60, stale-while-revalidate=240), as a CDN does
// (./shared-cache.mjs; docs/performance.md "The dashboard behind a shared cache"). Next
// answering every request itself is measured too and printed for information. For
// reference it also loads /robots.txt (a prerendered file Next serves without any of our
// code): what the same Next server manages for the cheapest request there is.
//
// Used by bench.mjs (section "dashboard"); also runs on its own against a server that is
// already up, e.g. `node scripts/bench/dashboard.mjs http://127.0.0.1:3000`.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { int, ms, printTable, ratio } from "./format.mjs";
import { capture, measureAlternating, startBareServer } from "./load.mjs";
import { forkListening, stopAll, stopProcess } from "./processes.mjs";

export const DASHBOARD_PATH = "/api/economic/dashboard";
export const DASHBOARD_TARGET = { p99Ms: 25, ratio: 0.4 };
const REFERENCE_PATH = "/robots.txt";

const describe = (x) => `${int(x.rps)} req/s, p50 ${ms(x.p50)}, p99 ${ms(x.p99)}${x.non2xx || x.errors || x.timeouts ? `, ${x.non2xx} non-2xx, ${x.errors} errors, ${x.timeouts} timeouts` : ""}`;

/**
 * Measures and returns `{ rows, result }`: summary rows for bench.mjs's table and the raw
 * figures for its report.
 */
export async function measureDashboard(appOrigin, { connections = 50, duration = 10, warmup = 2, rounds = 4, logFile } = {}) {
  const load = { connections, duration, warmup, rounds };
  const routes = {};
  for (const p of [DASHBOARD_PATH, REFERENCE_PATH]) {
    const r = await capture(`${appOrigin}${p}`);
    if (r.status !== 200) throw new Error(`GET ${p} answered ${r.status}`);
    routes[p] = r;
  }
  const body = JSON.parse(routes[DASHBOARD_PATH].body.toString("utf8"));
  console.log(`  GET ${DASHBOARD_PATH}: ${int(routes[DASHBOARD_PATH].body.length)} bytes (${body.cpi.length} CPI, ${body.ppi.length} PPI, ${body.news.length} news, ${body.alerts.length} alerts)`);
  const bare = await startBareServer(routes, logFile);
  const cache = await startSharedCache(appOrigin, path.join(path.dirname(logFile), "shared-cache-dashboard.log"));
  try {
    const { cached, app, base, reference } = await measureAlternating(
      {
        cached: { url: `http://127.0.0.1:${cache.port}${DASHBOARD_PATH}` },
        app: { url: `${appOrigin}${DASHBOARD_PATH}` },
        base: { url: `http://127.0.0.1:${bare.port}${DASHBOARD_PATH}` },
        reference: { url: `${appOrigin}${REFERENCE_PATH}` },
      },
      load,
    );
    const stats = await cacheStats(cache.child);
    const r = cached.rps / base.rps;
    const direct = app.rps / base.rps;
    console.log(`  dashboard through the shared cache: ${describe(cached)} | bare ${describe(base)} | ratio ${ratio(r)}`);
    console.log(
      `  the cache: ${int(stats.requests)} requests, ${int(stats.hits)} fresh hits, ${int(stats.stale)} stale while revalidating, ${int(stats.misses)} misses, ${int(stats.revalidations)} revalidations (${int(stats.notModified)} answered 304)`,
    );
    console.log(`  dashboard from Next directly: ${describe(app)} | ratio ${ratio(direct)}`);
    console.log(`  reference, same Next server, GET ${REFERENCE_PATH}: ${describe(reference)}`);
    const failed = cached.non2xx + cached.errors + cached.timeouts + app.non2xx + app.errors + app.timeouts;
    // Through the cache only when the cache kept it: an answer the app stopped marking for
    // shared caches would make every request a miss, and the figure Next's own.
    const kept = stats.misses + stats.revalidations < stats.requests / 100;
    const rows = [
      {
        figure: `GET ${DASHBOARD_PATH} throughput, through a shared cache (as a CDN)`,
        measured: `${int(cached.rps)} vs bare ${int(base.rps)} req/s = ${ratio(r)}`,
        target: `>= ${ratio(DASHBOARD_TARGET.ratio)} bare`,
        result: r >= DASHBOARD_TARGET.ratio ? "PASS" : `MISS by ${(DASHBOARD_TARGET.ratio - r).toFixed(2)}×`,
      },
      {
        figure: `GET ${DASHBOARD_PATH} latency p50 / p99, through a shared cache`,
        measured: `${ms(cached.p50)} / ${ms(cached.p99)} (bare ${ms(base.p50)} / ${ms(base.p99)})`,
        target: `p99 < ${DASHBOARD_TARGET.p99Ms} ms`,
        result: cached.p99 < DASHBOARD_TARGET.p99Ms ? "PASS" : `MISS by ${ms(cached.p99 - DASHBOARD_TARGET.p99Ms)}`,
      },
      {
        figure: "the shared cache answered from its store",
        measured: `${int(stats.requests - stats.misses - stats.revalidations)} of ${int(stats.requests)} (${int(stats.misses)} misses, ${int(stats.revalidations)} revalidations)`,
        target: ">= 99%",
        result: kept ? "PASS" : "MISS (the answer is not kept by a shared cache: check its Cache-Control)",
      },
      {
        figure: `GET ${DASHBOARD_PATH} from Next directly (no cache)`,
        measured: `${int(app.rps)} req/s = ${ratio(direct)} bare, p50 ${ms(app.p50)} / p99 ${ms(app.p99)}`,
        target: "informational",
        result: "",
      },
      {
        figure: `reference: GET ${REFERENCE_PATH} (same Next server)`,
        measured: `${int(reference.rps)} req/s, p99 ${ms(reference.p99)}; dashboard = ${ratio(app.rps / reference.rps)} of it`,
        target: "informational",
        result: "",
      },
    ];
    if (failed) {
      rows.push({
        figure: `GET ${DASHBOARD_PATH} failed responses`,
        measured: `through the cache ${cached.non2xx} non-2xx, ${cached.errors} errors, ${cached.timeouts} timeouts; directly ${app.non2xx}, ${app.errors}, ${app.timeouts}`,
        target: "0",
        result: "MISS",
      });
    }
    return {
      rows,
      result: {
        ...load,
        cached,
        cache: stats,
        app,
        bare: base,
        reference,
        ratio: r,
        directRatio: direct,
        bodyBytes: routes[DASHBOARD_PATH].body.length,
      },
    };
  } finally {
    await stopProcess(cache.child);
    await stopProcess(bare.child);
  }
}

/** Starts ./shared-cache.mjs in front of `upstreamOrigin`; resolves to `{ child, port }` once it listens. */
function startSharedCache(upstreamOrigin, logFile) {
  return forkListening(path.join(path.dirname(fileURLToPath(import.meta.url)), "shared-cache.mjs"), [upstreamOrigin], { logFile, name: "the shared cache" });
}

/** The cache's counts of hits, misses and revalidations so far. */
function cacheStats(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the shared cache did not report its counts")), 5_000);
    const onMessage = (m) => {
      if (m?.type !== "stats") return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(m.stats);
    };
    child.on("message", onMessage);
    child.send({ type: "stats" });
  });
}

// On its own: `node scripts/bench/dashboard.mjs <origin of a running app>`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const origin = process.argv[2];
  if (!origin) {
    console.error("usage: node scripts/bench/dashboard.mjs http://127.0.0.1:<port>   (the app must be running)");
    process.exit(2);
  }
  const duration = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
  try {
    const { rows } = await measureDashboard(origin.replace(/\/+$/, ""), {
      duration,
      logFile: path.resolve(".data/bench/logs/bare-server-dashboard.log"),
    });
    printTable(rows);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await stopAll();
  }
}
