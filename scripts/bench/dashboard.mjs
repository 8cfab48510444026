// The economic dashboard's API under load (issue 6): GET /api/economic/dashboard with 50
// connections, next to a bare Node http server answering the same bytes and headers, in
// the same run. Targets: p99 under 25 ms and at least 0.4x the bare server's requests per
// second. For reference it also loads /robots.txt (a prerendered file Next serves without
// any of our code): what the same Next server manages for the cheapest request there is.
//
// Used by bench.mjs (section "dashboard"); also runs on its own against a server that is
// already up, e.g. `node scripts/bench/dashboard.mjs http://127.0.0.1:3000`.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { int, ms, printTable, ratio } from "./format.mjs";
import { capture, measureAlternating, startBareServer } from "./load.mjs";
import { stopAll, stopProcess } from "./processes.mjs";

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
  console.log(
    `  GET ${DASHBOARD_PATH}: ${int(routes[DASHBOARD_PATH].body.length)} bytes (${body.cpi.length} CPI, ${body.ppi.length} PPI, ${body.news.length} news, ${body.alerts.length} alerts)`,
  );
  const bare = await startBareServer(routes, logFile);
  try {
    const { app, base, reference } = await measureAlternating(
      { app: { url: `${appOrigin}${DASHBOARD_PATH}` }, base: { url: `http://127.0.0.1:${bare.port}${DASHBOARD_PATH}` }, reference: { url: `${appOrigin}${REFERENCE_PATH}` } },
      load,
    );
    const r = app.rps / base.rps;
    console.log(`  dashboard: app ${describe(app)} | bare ${describe(base)} | ratio ${ratio(r)}`);
    console.log(`  reference, same Next server, GET ${REFERENCE_PATH}: ${describe(reference)}`);
    const failed = app.non2xx + app.errors + app.timeouts;
    const rows = [
      {
        figure: `GET ${DASHBOARD_PATH} throughput`,
        measured: `${int(app.rps)} vs bare ${int(base.rps)} req/s = ${ratio(r)}`,
        target: `>= ${ratio(DASHBOARD_TARGET.ratio)} bare`,
        result: r >= DASHBOARD_TARGET.ratio ? "PASS" : `MISS by ${(DASHBOARD_TARGET.ratio - r).toFixed(2)}×`,
      },
      {
        figure: `GET ${DASHBOARD_PATH} latency p50 / p99`,
        measured: `${ms(app.p50)} / ${ms(app.p99)} (bare ${ms(base.p50)} / ${ms(base.p99)})`,
        target: `p99 < ${DASHBOARD_TARGET.p99Ms} ms`,
        result: app.p99 < DASHBOARD_TARGET.p99Ms ? "PASS" : `MISS by ${ms(app.p99 - DASHBOARD_TARGET.p99Ms)}`,
      },
      {
        figure: `reference: GET ${REFERENCE_PATH} (same Next server)`,
        measured: `${int(reference.rps)} req/s, p99 ${ms(reference.p99)}; dashboard = ${ratio(app.rps / reference.rps)} of it`,
        target: "informational",
        result: "",
      },
    ];
    if (failed) rows.push({ figure: `GET ${DASHBOARD_PATH} failed responses`, measured: `${app.non2xx} non-2xx, ${app.errors} errors, ${app.timeouts} timeouts of ${int(app.total)}`, target: "0", result: "MISS" });
    return { rows, result: { ...load, app, bare: base, reference, ratio: r, bodyBytes: routes[DASHBOARD_PATH].body.length } };
  } finally {
    await stopProcess(bare.child);
  }
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
    const { rows } = await measureDashboard(origin.replace(/\/+$/, ""), { duration, logFile: path.resolve(".data/bench/logs/bare-server-dashboard.log") });
    printTable(rows);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await stopAll();
  }
}
