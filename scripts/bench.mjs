// `npm run bench`: builds and starts the app and reports, in one run, each figure next to
// its target (PASS/MISS). It is not a test: it exits 0 when targets are missed, and
// non-zero only when something could not be measured. See docs/performance.md.
//
//   1. JavaScript (gzip bytes on the wire) each public page makes a real Chromium load,
//      next to an empty Next.js page built in the same run (the framework floor).
//   2. Lighthouse (mobile) on every public page: performance, accessibility, best practices, SEO.
//   3. Requests/s and p50/p99 latency under 50 connections (a load client that skips bodies),
//      next to the floor serving the same bytes (a bare Node server beside it for information).
//   4. Memory of the app under a 60 s load; 5. the economic dashboard API; 6. the alert engine.
//   7. The mix (scripts/bench/mix.mjs): 1,000 subscribers with 5-20 watches, 90% signed-in
//      reads and 10% writes with the outbox job running, next to the dynamic floor. It needs a
//      PostgreSQL server (the floor reads the same database): BENCH_DATABASE_URL, or a
//      throwaway one the bench starts (scripts/bench/postgres.mjs).
//
// Everything it starts listens on 127.0.0.1 and is stopped on the way out, also on a
// failure or Ctrl-C. Build logs and server output: .data/bench/logs/. Report:
// .data/bench/report.json.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { descendants } from "./bench/process-tree.mjs";
import { writeFloorApp, writeFloorBytes } from "./bench/floor.mjs";
import { int, kB, ms, printTable, ratio, seconds } from "./bench/format.mjs";
import { launchBrowser, measurePage } from "./bench/js-bytes.mjs";
import { audit, CATEGORIES, launchChrome } from "./bench/lighthouse.mjs";
import { capture, measureAlternating, measureThroughput, startBareServer } from "./bench/load.mjs";
import { measureMix } from "./bench/mix.mjs";
import { startPostgres } from "./bench/postgres.mjs";
import { regenerateIsrPages } from "./bench/regenerate.mjs";
import { DASHBOARD_TARGET, measureDashboard } from "./bench/dashboard.mjs";
import { freePort, killAllNow, runLogged, startServer, stopAll, stopProcess, waitForHttp } from "./bench/processes.mjs";
import { bin, ensureDependencies, ensurePrismaClient, root } from "./setup.mjs";
import { SERVER_NODE_FLAGS } from "./server-heap.mjs";
import { VISITOR_PAGES } from "../lib/public-pages.mjs";

// JavaScript and Lighthouse: every public page a visitor reaches, VISITOR_PAGES of
// lib/public-pages.mjs (docs/performance.md). Not the two noindex developer pages of the e-book's
// players (/test-fixes, /multimedia-test, docs/product-rules.md section 2) nor the pages
// rendered per request.
// Each route against an empty Next app serving the same bytes (the floor's /bench-bytes/<key>);
// the bare Node server's figure is printed beside it for information.
const LOAD_ENDPOINTS = [
  { path: "/", key: "home" },
  { path: "/alerts", key: "alerts" },
  { path: "/pricing", key: "pricing" },
  { path: "/tariffs-ebook", key: "tariffs-ebook" },
  { path: "/api/economic/dashboard", key: "dashboard" },
  { path: "/api/newsletter/stats", key: "newsletter-stats" },
];
// The same, signed in (docs/performance.md, "Signed-in routes"): the subscribers made by
// scripts/bench/subscriber.ts, one session each; the requests rotate over their cookies.
// `{watch}` is each subscriber's item watch. /alerts signed in is the subscriber's own
// alerts (the proxy rewrites it to /alerts/mine).
const SIGNED_IN_ENDPOINTS = [
  { path: "/account", key: "account" },
  { path: "/watchlist", key: "watchlist" },
  { path: "/watchlist/{watch}", key: "watch" },
  { path: "/alerts", key: "alerts-mine" },
  { path: "/api/account", key: "api-account" },
  { path: "/api/watchlist", key: "api-watchlist" },
];
// BENCH_ONLY=js,lighthouse,load,memory,dashboard,engine,mix picks sections (default: all seven).
const ONLY = new Set((process.env.BENCH_ONLY || "js,lighthouse,load,memory,dashboard,engine,mix").split(",").map((s) => s.trim()));
// The mix's subscribers (1,000, 5-20 watches each) serve the signed-in load too when it runs.
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? (ONLY.has("mix") ? 1000 : 200));
const WATCHES_PER = ONLY.has("mix") ? "5-20" : "";

/** Where the app's and the floor's heap probes (scripts/bench/heap-probe.mjs) write what they measured. */
const HEAP_PROBE_FILE = path.join(root, ".data", "bench", "heap-probe.jsonl");
const FLOOR_HEAP_PROBE_FILE = path.join(root, ".data", "bench", "heap-probe-floor.jsonl");
const heapProbeOption = `--import "${pathToFileURL(path.join(root, "scripts", "bench", "heap-probe.mjs")).href}"`;
/**
 * The app server's environment: the heap probe preloaded (it does nothing until the bench
 * signals it: before each load route, and in the memory section), and BENCH_APP_NODE_OPTIONS
 * for a diagnosis of your own. Only `next start` gets them, never a build.
 */
const appServerEnv = (env) => ({
  ...env,
  BENCH_HEAP_PROBE_FILE: HEAP_PROBE_FILE,
  NODE_OPTIONS: [heapProbeOption, process.env.NODE_OPTIONS, process.env.BENCH_APP_NODE_OPTIONS].filter(Boolean).join(" "),
});
/** The floor's: the same probe, so both servers start each load route from a collected heap. */
const floorServerEnv = () => ({
  NEXT_TELEMETRY_DISABLED: "1",
  BENCH_HEAP_PROBE_FILE: FLOOR_HEAP_PROBE_FILE,
  NODE_OPTIONS: [heapProbeOption, process.env.NODE_OPTIONS].filter(Boolean).join(" "),
});
const LANDING_HTML_LIMIT = 120_000; // bytes, uncompressed
const TARGET = { jsRatio: 1.15, performance: 98, accessibility: 100, "best-practices": 100, seo: 100, floorRatio: 0.9 };
const LOAD = {
  connections: 50,
  duration: Number(process.env.BENCH_LOAD_SECONDS ?? 10),
  warmup: 2,
  rounds: 4, // each target's `duration` in 4 runs, alternated with the others' (measureAlternating)
};
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// BENCH_ROUTES=dashboard,newsletter-stats measures only those load routes (their keys above).
const ROUTE_KEYS = process.env.BENCH_ROUTES ? new Set(process.env.BENCH_ROUTES.split(",").map((s) => s.trim())) : null;

const benchDir = path.join(root, ".data", "bench");
const logDir = path.join(benchDir, "logs");
const floorDir = path.join(benchDir, "floor");
const dataDir = path.join(root, ".data", "bench-pglite");
// BENCH_DATABASE_URL (a PostgreSQL server, e.g. postgresql://postgres@127.0.0.1:5432/postgres):
// the app runs on a fresh database created on that server (the production set-up, where
// queries run outside the app's process) instead of the embedded one. The database is
// dropped at the end.
let SERVER_URL = process.env.BENCH_DATABASE_URL?.trim() || "";
let ownServer = null; // the throwaway PostgreSQL server the mix needs when none is given
let serverDatabase = null; // { name, url } when BENCH_DATABASE_URL is used
const log = (name) => path.join(logDir, `${name}.log`);

const started = Date.now();
const rows = []; // the summary table
const errors = []; // figures that could not be measured
const report = { startedAt: new Date().toISOString(), machine: { node: process.version, cpus: os.cpus().length, loadAverageAtStart: os.loadavg()[0] }, targets: TARGET, load: LOAD };
const closers = new Set(); // browsers to close on the way out
let signedIn = null; // { cookieName, subscribers: [{ email, value, watchIds }] } from scripts/bench/subscriber.ts

process.env.NEXT_TELEMETRY_DISABLED = "1";

// --- stopping everything, whatever happens ---------------------------------------------
let cleaningUp = null;
let interrupted = false;
function cleanup() {
  cleaningUp ??= (async () => {
    await Promise.all([...closers].map((close) => Promise.race([close().catch(() => {}), new Promise((r) => setTimeout(r, 5_000))])));
    closers.clear();
    await stopAll();
    rmSync(floorDir, { recursive: true, force: true });
    if (ownServer && serverDatabase) {
      await dropServerDatabase().catch(() => {});
      serverDatabase = null;
    }
    ownServer?.stop();
    ownServer = null;
  })();
  return cleaningUp;
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping every server the benchmark started...`);
    // Nothing more is printed: the steps still running fail as their servers go away.
    console.log = console.error = () => {};
    cleanup().finally(() => process.exit(130));
  });
}
process.on("exit", killAllNow);

function step(name) {
  const t = Date.now();
  console.log(`> ${name}...`);
  return () => console.log(`  done in ${seconds(Date.now() - t)}`);
}

/** Runs one section; a failure is recorded as "could not measure" and the run goes on. */
async function section(name, fn) {
  try {
    await fn();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    errors.push(`${name}: ${message}`);
    rows.push({ figure: name, measured: "ERROR", target: "", result: "not measured" });
    console.error(`  ${name} could not be measured: ${message}`);
  }
}

// --- 1. JavaScript per page vs the framework floor -------------------------------------
async function measureJs(appOrigin, floorOrigin) {
  const done = step("JavaScript per page (Chromium, gzip bytes on the wire)");
  rows.push({ section: `JavaScript per page by the load event, gzip bytes (target: each page <= ${TARGET.jsRatio}x the floor)` });
  const browser = await launchBrowser(CHROMIUM);
  const close = () => browser.close();
  closers.add(close);
  try {
    const floor = await measurePage(browser, `${floorOrigin}/`);
    if (floor.status !== 200 || floor.jsBytes === 0) throw new Error(`the framework floor page answered ${floor.status} with ${floor.jsBytes} bytes of JavaScript`);
    if (floor.uncompressed.length) throw new Error(`the floor's scripts came uncompressed: ${floor.uncompressed.join(", ")}`);
    report.floor = floor;
    const limit = floor.jsBytes * TARGET.jsRatio;
    const floorAfter = floor.jsBytesAfterLoad ? `; then ${kB(floor.jsBytesAfterLoad)} more after load` : "";
    console.log(`  floor (empty Next page): ${kB(floor.jsBytes)} in ${floor.scripts.filter((s) => !s.afterLoad).length} scripts by the load event${floorAfter}`);
    rows.push({ figure: "framework floor (empty Next page)", measured: `${kB(floor.jsBytes)} (${floor.scripts.filter((s) => !s.afterLoad).length} scripts)`, target: "reference", result: "" });

    report.pages = {};
    for (const pagePath of VISITOR_PAGES) {
      const figure = `JS ${pagePath}`;
      try {
        const m = await measurePage(browser, `${appOrigin}${pagePath}`);
        report.pages[pagePath] = m;
        if (m.status === 404) {
          console.log(`  ${pagePath}: missing (404)`);
          rows.push({ figure, measured: "missing (404)", target: `<= ${kB(limit)}`, result: "missing" });
          continue;
        }
        if (m.status !== 200) throw new Error(`answered ${m.status}`);
        if (m.uncompressed.length) throw new Error(`scripts came uncompressed: ${m.uncompressed.join(", ")}`);
        const r = m.jsBytes / floor.jsBytes;
        const ok = r <= TARGET.jsRatio;
        const byLoad = m.scripts.filter((s) => !s.afterLoad).length;
        const after = m.jsBytesAfterLoad ? `; then ${kB(m.jsBytesAfterLoad)} more after load (prefetches, lazy chunks)` : "";
        const redirect = m.redirected ? `; then sends the browser on to ${new URL(m.redirected).pathname}${new URL(m.redirected).hash} (not counted)` : "";
        console.log(`  ${pagePath}: ${kB(m.jsBytes)} in ${byLoad} scripts by the load event (${ratio(r)} floor)${after}; HTML ${kB(m.htmlBytes)}${redirect}`);
        for (const problem of m.problems) console.log(`      browser flagged: ${problem}`);
        if (!ok) {
          // Its biggest scripts: where to look. (Chunk names are content hashes: the same
          // framework code can sit in a differently named chunk than the floor's.)
          const floorUrls = new Set(floor.scripts.map((s) => new URL(s.url).pathname));
          for (const s of m.scripts.slice(0, 8)) {
            const pathname = new URL(s.url).pathname;
            const notes = [s.afterLoad && "after load", floorUrls.has(pathname) && "same file as the floor's"].filter(Boolean);
            console.log(`      ${kB(s.bytes).padStart(9)}  ${pathname}${notes.length ? ` (${notes.join(", ")})` : ""}`);
          }
        }
        rows.push({
          figure,
          measured: `${kB(m.jsBytes)} = ${ratio(r)} floor${m.jsBytesAfterLoad ? ` (+${kB(m.jsBytesAfterLoad)} after load)` : ""}`,
          target: `<= ${ratio(TARGET.jsRatio)} (${kB(limit)})`,
          result: ok ? "PASS" : `MISS by ${kB(m.jsBytes - limit)} (+${Math.round((r / TARGET.jsRatio - 1) * 100)}%)`,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors.push(`${figure}: ${message}`);
        rows.push({ figure, measured: "ERROR", target: `<= ${kB(limit)}`, result: "not measured" });
        console.error(`  ${pagePath}: could not measure: ${message}`);
      }
    }
  } finally {
    closers.delete(close);
    await browser.close().catch(() => {});
    done();
  }
}

// --- 2. Lighthouse -----------------------------------------------------------------------
async function pageStatus(url) {
  const response = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  return response.status;
}

/** A file name for a page's Lighthouse report. */
const reportName = (pagePath) => (pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "-"));

/**
 * Audits a URL; a trace that Chrome failed to record (NO_NAVSTART: "Please run Lighthouse
 * again", seen on /alerts) is audited once more, and performance, the noisy score, gets one
 * more run when the first misses or has no score (the best counts; a run without a largest
 * paint has none: seen once on /pricing, whose page leaves for /#pricing at once). Both are
 * said in the output.
 */
async function auditWithRetries(url, label, port, htmlFile) {
  const auditOnceMore = async (run) => {
    try {
      return await audit(url, port, { htmlFile: htmlFile(run) });
    } catch (error) {
      if (!/NO_NAVSTART/.test(error instanceof Error ? error.message : String(error))) throw error;
      console.log(`  ${label}: run ${run} could not record its trace (NO_NAVSTART), audited again`);
      return audit(url, port, { htmlFile: htmlFile(run) });
    }
  };
  const runs = [await auditOnceMore(1)];
  if (runs[0].scores.performance === null || runs[0].scores.performance < TARGET.performance) runs.push(await auditOnceMore(2));
  const best = runs.reduce((a, b) => ((b.scores.performance ?? -1) > (a.scores.performance ?? -1) ? b : a));
  return { runs, best };
}

const metricsLine = (m) => `FCP ${m.FCP}, LCP ${m.LCP}, TBT ${m.TBT}, CLS ${m.CLS}, SI ${m.SI}`;

async function measureLighthouse(appOrigin, floorOrigin) {
  const done = step("Lighthouse (mobile)");
  rows.push({ section: `Lighthouse, mobile (targets: performance >= ${TARGET.performance}; accessibility, best practices, SEO = 100)` });
  const chrome = await launchChrome(CHROMIUM);
  const close = async () => chrome.kill();
  closers.add(close);
  report.lighthouse = {};
  try {
    // The framework floor's empty page under the same audit, first: what Next alone scores on
    // this machine at this moment (a reference, not a target).
    if (floorOrigin) {
      try {
        const t = Date.now();
        const { runs, best } = await auditWithRetries(`${floorOrigin}/`, "floor", chrome.port, (run) => path.join(benchDir, "lighthouse", `floor-${run}.html`));
        report.lighthouseFloor = { runs, best: best.scores };
        const perf = runs.map((r) => r.scores.performance ?? "no score").join(", ");
        console.log(`  floor (empty Next page): performance ${best.scores.performance ?? "?"}${runs.length > 1 ? ` (best of ${perf})` : ""} | ${metricsLine(best.metrics)} | ${seconds(Date.now() - t)}`);
        rows.push({ figure: "Lighthouse floor (empty Next page) performance", measured: `${best.scores.performance ?? "?"}${runs.length > 1 ? ` (best of ${perf})` : ""}`, target: "reference", result: "" });
      } catch (error) {
        console.error(`  floor: could not audit: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    for (const pagePath of VISITOR_PAGES) {
      const url = `${appOrigin}${pagePath}`;
      try {
        const status = report.pages?.[pagePath]?.status ?? (await pageStatus(url));
        if (status === 404) {
          console.log(`  ${pagePath}: missing (404)`);
          rows.push({ figure: `Lighthouse ${pagePath}`, measured: "missing (404)", target: "", result: "missing" });
          continue;
        }
        const t = Date.now();
        const { runs, best } = await auditWithRetries(url, pagePath, chrome.port, (run) => path.join(benchDir, "lighthouse", `${reportName(pagePath)}-${run}.html`));
        report.lighthouse[pagePath] = { runs, best: best.scores };
        console.log(
          `  ${pagePath}: ${CATEGORIES.map((c) => `${c} ${best.scores[c] ?? "?"}`).join(", ")}` +
            `${runs.length > 1 ? ` (performance best of ${runs.map((r) => r.scores.performance ?? "no score").join(", ")})` : ""}` +
            ` | ${metricsLine(best.metrics)} | ${seconds(Date.now() - t)}`,
        );
        if (best.lcpElement) console.log(`      LCP element: ${best.lcpElement}`);
        for (const warning of best.warnings) console.log(`      warning: ${warning}`);
        for (const c of CATEGORIES) {
          const score = best.scores[c];
          const target = TARGET[c];
          const ok = score !== null && score >= target;
          if (!ok && best.lost[c].length) console.log(`      ${c} lost points on: ${best.lost[c].slice(0, 8).join("; ")}`);
          const note = c === "performance" && runs.length > 1 ? ` (best of ${runs.map((r) => r.scores.performance ?? "no score").join(", ")})` : "";
          rows.push({
            figure: `Lighthouse ${pagePath} ${c}`,
            measured: `${score ?? "?"}${note}`,
            target: c === "performance" ? `>= ${target}` : `= ${target}`,
            result: ok ? "PASS" : score === null ? "not measured" : `MISS by ${target - score}`,
          });
          if (score === null) errors.push(`Lighthouse ${pagePath} ${c}: no score`);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors.push(`Lighthouse ${pagePath}: ${message}`);
        rows.push({ figure: `Lighthouse ${pagePath}`, measured: "ERROR", target: "", result: "not measured" });
        console.error(`  ${pagePath}: could not audit: ${message}`);
      }
    }
  } finally {
    closers.delete(close);
    chrome.kill();
    done();
  }
}

// --- 3. Throughput and latency -------------------------------------------------------------
/**
 * Every route the load and memory sections visit: the public ones, then (when the bench's
 * subscribers exist) the signed-in ones, each with its requests (`variants`: a path and a
 * Cookie per subscriber, taken in turn) and the first of them for the capture.
 */
function loadRoutes() {
  const routes = LOAD_ENDPOINTS.map((e) => ({ ...e, label: e.path, first: { path: e.path, headers: {} }, variants: undefined, cookies: undefined }));
  if (!signedIn) return routes;
  for (const e of SIGNED_IN_ENDPOINTS) {
    const variants = signedIn.subscribers.map((s) => ({ path: e.path.replace("{watch}", s.watchIds[s.watchIds.length - 1]), headers: { Cookie: `${signedIn.cookieName}=${s.value}` } }));
    routes.push({
      ...e,
      signedIn: true,
      label: `${e.path.replace("{watch}", "<id>")} signed in`,
      first: variants[0],
      variants,
      // The floor and the bare server get the same Cookie headers (same request bytes); they ignore them.
      cookies: variants.map((v) => ({ headers: v.headers })),
    });
  }
  return routes;
}

async function measureLoad(appOrigin, floorOrigin, floorChild, appChild) {
  const done = step(`Throughput and latency (raw client, bodies skipped, ${LOAD.connections} connections, ${LOAD.duration} s each in ${LOAD.rounds} alternating rounds)`);
  rows.push({ section: `Throughput and latency, ${LOAD.connections} connections, ${LOAD.duration} s (target: each route >= ${TARGET.floorRatio}x an empty Next app serving the same bytes)` });
  const list = loadRoutes().filter((r) => !ROUTE_KEYS || ROUTE_KEYS.has(r.key));
  const routes = {}; // the bare server's answers, by /bench-bytes/<key> as on the floor
  const captured = {};
  for (const { label, key, first, signedIn: asSubscriber } of list) {
    const r = await capture(`${appOrigin}${first.path}`, first.headers);
    if (r.status !== 200) throw new Error(`GET ${label} answered ${r.status}${r.headers.location ? ` (to ${r.headers.location})` : ""}`);
    // A signed-in page names its subscriber in the header: proof it rendered signed in.
    if (asSubscriber && String(r.headers["content-type"]).startsWith("text/html") && !r.body.includes(signedIn.subscribers[0].email)) {
      throw new Error(`GET ${label} did not render as the signed-in subscriber (no ${signedIn.subscribers[0].email} in the page)`);
    }
    routes[`/bench-bytes/${key}`] = r;
    captured[key] = r;
    writeFloorBytes(floorDir, key, r);
    console.log(`  GET ${label}: ${r.headers["content-type"]}, ${int(r.body.length)} bytes uncompressed`);
    if (key === "home") {
      report.landingHtml = { bytes: r.body.length };
      rows.push({
        figure: "GET / HTML, uncompressed",
        measured: kB(r.body.length),
        target: `<= ${kB(LANDING_HTML_LIMIT)}`,
        result: r.body.length <= LANDING_HTML_LIMIT ? "PASS" : `MISS by ${kB(r.body.length - LANDING_HTML_LIMIT)}`,
      });
    }
  }
  const bare = await startBareServer(routes, log("bare-server"));
  report.load = { ...LOAD, endpoints: {} };
  // The requests in flight when a run's window closes are waited for: not counted in req/s,
  // counted in p50/p99 (raw-client.mjs); `unanswered`: still open after 30 s more.
  const describe = (x) =>
    `${x.rps < 10 ? x.rps.toFixed(1) : int(x.rps)} req/s, p50 ${ms(x.p50)}, p99 ${ms(x.p99)}` +
    `${x.non2xx || x.errors ? `, ${x.non2xx} non-2xx, ${x.errors} errors` : ""}${x.unanswered ? `, ${x.unanswered} unanswered` : ""}`;
  try {
    let signedInHeading = false;
    for (const { path: p, label, key, variants, cookies, signedIn: asSubscriber } of list) {
      if (asSubscriber && !signedInHeading) {
        signedInHeading = true;
        rows.push({ section: `Signed in: ${signedIn.subscribers.length} subscribers on the Consumer plan, 3 watches each, one session each; requests rotate over their cookies (same target)` });
      }
      // Both servers collect their garbage first, so the garbage of the route before is not
      // collected inside this route's first round (docs/performance.md).
      await Promise.all([heapAfterGc(appChild), heapAfterGc(floorChild, FLOOR_HEAP_PROBE_FILE)]);
      // The app, the floor and bare Node, in alternating rounds (docs/performance.md
      // "Alternating rounds").
      const { app, floor, base } = await measureAlternating(
        {
          app: { url: `${appOrigin}${p}`, variants },
          floor: { url: `${floorOrigin}/bench-bytes/${key}`, variants: cookies },
          base: { url: `http://127.0.0.1:${bare.port}/bench-bytes/${key}`, variants: cookies },
        },
        LOAD,
      );
      const r = app.rps / floor.rps;
      report.load.endpoints[label] = { app, floor, bare: base, ratio: r, bareRatio: app.rps / base.rps, bodyBytes: captured[key].body.length };
      console.log(`  GET ${label}: app ${describe(app)} | empty Next, same bytes ${describe(floor)} | bare Node ${describe(base)} | app/floor ${ratio(r)}`);
      console.log(`      rounds, req/s: app ${app.rounds.join(", ")} | floor ${floor.rounds.join(", ")}`);
      rows.push({
        figure: `GET ${label} req/s`,
        measured: `${app.rps < 10 ? app.rps.toFixed(1) : int(app.rps)} vs floor ${int(floor.rps)} = ${ratio(r)} (bare Node ${int(base.rps)})`,
        target: `>= ${ratio(TARGET.floorRatio)} floor`,
        result: r >= TARGET.floorRatio ? "PASS" : `MISS by ${(TARGET.floorRatio - r).toFixed(2)}×`,
      });
      const late = app.unanswered ? ` (${app.unanswered} still unanswered 30 s after the window)` : "";
      rows.push({ figure: `GET ${label} p50 / p99`, measured: `${ms(app.p50)} / ${ms(app.p99)}${late} (floor ${ms(floor.p50)} / ${ms(floor.p99)})`, target: "informational", result: "" });
      const failed = app.non2xx + app.errors;
      if (failed) rows.push({ figure: `GET ${label} failed responses`, measured: `${app.non2xx} non-2xx, ${app.errors} errors of ${int(app.total)}`, target: "0", result: "MISS" });
      for (const [name, x] of [["floor", floor], ["bare Node", base]]) {
        if (x.non2xx + x.errors) errors.push(`GET ${label}: the ${name} answered ${x.non2xx} non-2xx and ${x.errors} errors: its figure is not comparable`);
      }
    }
  } finally {
    await stopProcess(bare.child);
    done();
  }
  void floorChild;
}

// --- 4. Memory under a 60-second load ---------------------------------------------------------
/** Resident memory (kB) of a process and its descendants, from /proc. */
function treeRss(pid) {
  let total = 0;
  for (const p of [pid, ...descendants(pid)]) {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {}
  }
  return total;
}

/**
 * The requests of the memory load: every load route in turn, public and signed in alike
 * (each signed-in request with the next subscriber's cookie), so the mix is the same in every
 * second of the run and its first and last thirds compare like with like (run one
 * after the other, the first third would see only public pages and the last only signed-in
 * ones: a difference of work, not of time).
 */
function memoryMix() {
  const list = loadRoutes();
  const rounds = Math.max(...list.map((r) => r.variants?.length ?? 1));
  const mix = [];
  for (let i = 0; i < rounds; i++) for (const r of list) mix.push(r.variants ? r.variants[i % r.variants.length] : r.first);
  return mix;
}

/** Asks a server's heap probe (scripts/bench/heap-probe.mjs) for a full collection; its line, or null. */
async function heapAfterGc(child, file = HEAP_PROBE_FILE) {
  const probeLines = () => (existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : []);
  const before = probeLines().length;
  try {
    process.kill(child.pid, "SIGUSR2");
  } catch {
    return null;
  }
  for (let waited = 0; waited < 10_000; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
    const lines = probeLines();
    if (lines.length > before) return JSON.parse(lines[lines.length - 1]);
  }
  return null;
}

async function measureMemory(appOrigin, appChild) {
  const seconds60 = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
  const done = step(`Memory under load (${seconds60} s, ${LOAD.connections} connections, every load route in turn${signedIn ? ", signed-in ones included" : ""})`);
  rows.push({ section: `Memory of the app's server processes under a ${seconds60} s load of every route in turn (target: flat)` });
  const mix = memoryMix();
  rmSync(HEAP_PROBE_FILE, { force: true });
  const samples = [treeRss(appChild.pid)];
  const timer = setInterval(() => samples.push(treeRss(appChild.pid)), 2_000);
  // The V8 heap after a full collection, a third of the way in and at the end (the probe's
  // collection itself is not what the RSS samples show: two collections in the run).
  let atThirdProbe = Promise.resolve(null);
  const third = setTimeout(() => {
    atThirdProbe = heapAfterGc(appChild);
  }, (seconds60 * 1000) / 3);
  try {
    await measureThroughput(`${appOrigin}/`, { connections: LOAD.connections, duration: seconds60, warmup: 0, variants: mix });
  } finally {
    clearInterval(timer);
    clearTimeout(third);
  }
  samples.push(treeRss(appChild.pid));
  const heaps = [await atThirdProbe, await heapAfterGc(appChild)];
  const mb = (k) => `${(k / 1024).toFixed(0)} MB`;
  const mbBytes = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  const thirdLength = Math.max(1, Math.floor(samples.length / 3));
  const firstThird = Math.max(...samples.slice(0, thirdLength));
  const lastThird = Math.max(...samples.slice(-thirdLength));
  report.memory = { samplesKb: samples, heapAfterGc: heaps };
  rows.push({
    figure: "RSS: start, peak, end",
    measured: `${mb(samples[0])}, ${mb(Math.max(...samples))}, ${mb(samples[samples.length - 1])} (first third's peak ${mb(firstThird)}, last third's ${mb(lastThird)})`,
    target: "flat (last third's peak within 10% of the first third's)",
    result: lastThird <= firstThird * 1.1 ? "PASS" : `MISS (+${Math.round((lastThird / firstThird - 1) * 100)}%)`,
  });
  const [atThird, atEnd] = heaps;
  if (atThird && atEnd) {
    const grew = atEnd.after.heapUsed / atThird.after.heapUsed;
    rows.push({
      figure: "V8 heap in use after a full collection: at 1/3, at the end",
      measured: `${mbBytes(atThird.after.heapUsed)}, ${mbBytes(atEnd.after.heapUsed)} (heap reserved ${mbBytes(atThird.after.heapTotal)}, ${mbBytes(atEnd.after.heapTotal)}; outside the heap, PGlite's WebAssembly memory included: ${mbBytes(atThird.after.external)}, ${mbBytes(atEnd.after.external)})`,
      target: "flat (end within 10% of 1/3)",
      result: grew <= 1.1 ? "PASS" : `MISS (+${Math.round((grew - 1) * 100)}%)`,
    });
  } else {
    rows.push({ figure: "V8 heap in use after a full collection", measured: "not measured (the heap probe did not answer)", target: "flat", result: "MISS" });
  }
  done();
}

// --- the run ---------------------------------------------------------------------------------
async function main() {
  if (report.machine.loadAverageAtStart > report.machine.cpus * 0.75) {
    console.log(`! The machine is busy (load average ${report.machine.loadAverageAtStart.toFixed(1)} on ${report.machine.cpus} cores): Lighthouse performance and throughput will read low.`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  mkdirSync(logDir, { recursive: true });

  let done = step("Dependencies and Prisma client");
  await ensureDependencies();
  await ensurePrismaClient();
  done();

  if (ONLY.has("engine")) {
    // The alert engine on its own fresh in-memory database (scripts/bench/engine.ts): 100,000 watches.
    await section("Alert engine", async () => {
      const done = step("Alert engine (scripts/bench/engine.ts: 100,000 watches, 10,000 trial subscribers, fresh PGlite)");
      rows.push({ section: "Alert engine (targets: one measure changed < 5 s, full re-evaluation < 60 s)" });
      const logFile = log("engine");
      await runLogged(bin("tsx"), ["scripts/bench/engine.ts", "--json"], { cwd: root, env: { DATABASE_URL: "", TEST_DATABASE_URL: "" }, logFile, timeoutMs: 1_800_000 });
      const lines = readFileSync(logFile, "utf8").trim().split("\n");
      const f = JSON.parse(lines[lines.length - 1]);
      report.engine = f;
      const verdict = (value, limit) => (value < limit ? "PASS" : "MISS");
      rows.push({ figure: `one measure changed: ${int(f.oneMeasureWatches)} watches, ${int(f.oneMeasureAlerts)} alerts written`, measured: seconds(f.oneMeasureMs), target: "< 5 s", result: verdict(f.oneMeasureMs, 5_000) });
      rows.push({ figure: `full re-evaluation, first run (${int(f.fullFirstAlerts)} alerts written)`, measured: seconds(f.fullFirstMs), target: "< 60 s", result: verdict(f.fullFirstMs, 60_000) });
      rows.push({ figure: `full re-evaluation, nightly (${int(f.watches)} watches)`, measured: seconds(f.fullMs), target: "< 60 s", result: verdict(f.fullMs, 60_000) });
      done();
    });
  }

  const appPort = await freePort();
  const floorPort = await freePort();
  const appOrigin = `http://127.0.0.1:${appPort}`;
  const floorOrigin = `http://127.0.0.1:${floorPort}`;
  // SITE_URL is the origin the pages are served from, as in production (canonical links,
  // Open Graph URLs); static pages bake it in at build time, so the build gets it too.
  // No economic refresh timer: nothing but the load runs while the bench measures.
  const appEnv = { PGLITE_DATA_DIR: dataDir, DATABASE_URL: "", SITE_URL: appOrigin, NEXT_TELEMETRY_DISABLED: "1", ECONOMIC_REFRESH_INTERVAL_MINUTES: "0" };

  rmSync(path.join(benchDir, "lighthouse"), { recursive: true, force: true });

  if (ONLY.has("mix") && !SERVER_URL) {
    done = step("A throwaway PostgreSQL server for the mix (scripts/bench/postgres.mjs)");
    ownServer = startPostgres(Number(process.env.BENCH_PG_PORT || (await freePort())));
    SERVER_URL = ownServer.url;
    done();
  }
  let resendChild = null;
  if (ONLY.has("mix")) {
    // The outbox job runs during the mix (the in-process timer: email delivery every 10 s)
    // against the local Resend double; newsletter signups come from many addresses, named in
    // X-Forwarded-For, as behind one proxy of ours (TRUSTED_PROXY_HOPS=1, scripts/serve.mjs).
    const file = path.join(benchDir, "resend-double.json");
    rmSync(file, { force: true });
    resendChild = startServer(bin("tsx"), ["scripts/bench/resend-double.ts", file], { cwd: root, env: {}, logFile: log("resend-double") });
    for (let waited = 0; !existsSync(file); waited += 100) {
      if (waited > 30_000) throw new Error(`the Resend double did not start; see ${log("resend-double")}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const resend = JSON.parse(readFileSync(file, "utf8"));
    Object.assign(appEnv, { RESEND_API_KEY: resend.apiKey, RESEND_BASE_URL: resend.url, TRIAL_FOLLOWUP_INTERVAL_MINUTES: "15", TRUSTED_PROXY_HOPS: "1" });
  }

  if (SERVER_URL) {
    serverDatabase = await createServerDatabase(SERVER_URL);
    // A server database makes the app a production set-up, which needs its secrets: random ones, for this run only.
    const secret = () => randomBytes(48).toString("base64");
    Object.assign(appEnv, { DATABASE_URL: serverDatabase.url, PGLITE_DATA_DIR: "", NEXTAUTH_SECRET: secret(), UNSUBSCRIBE_SECRET: secret(), EBOOK_ACCESS_SECRET: secret(), TRIAL_TOMBSTONE_SECRET: secret() });
    report.database = `PostgreSQL server (${new URL(SERVER_URL).host}, database ${serverDatabase.name})`;
  } else {
    report.database = "embedded PGlite (.data/bench-pglite)";
  }

  done = step(`Fresh database (${report.database}): migrate and seed`);
  if (!SERVER_URL) rmSync(dataDir, { recursive: true, force: true });
  await runLogged(bin("tsx"), ["scripts/db.ts", "deploy"], { cwd: root, env: appEnv, logFile: log("db-deploy"), timeoutMs: 120_000 });
  await runLogged(bin("tsx"), ["scripts/seed.ts"], { cwd: root, env: appEnv, logFile: log("db-seed"), timeoutMs: 120_000 });
  done();

  if (ONLY.has("load") || ONLY.has("memory") || ONLY.has("mix")) {
    await section("Signed-in subscribers", async () => {
      const done = step(`Signed-in subscribers for the load (scripts/bench/subscriber.ts: ${SESSIONS} on the Consumer plan, ${WATCHES_PER || "3"} watches and a session each)`);
      const logFile = log("db-subscribers");
      // react-server: the session module is server-only (as in the app).
      await runLogged(bin("tsx"), ["--conditions=react-server", "scripts/bench/subscriber.ts"], { cwd: root, env: { ...appEnv, BENCH_SESSIONS: String(SESSIONS), BENCH_WATCHES_PER: WATCHES_PER }, logFile, timeoutMs: 1_200_000 });
      const lines = readFileSync(logFile, "utf8").trim().split("\n");
      signedIn = JSON.parse(lines[lines.length - 1]);
      if (!signedIn?.subscribers?.length) throw new Error(`no subscribers in ${logFile}`);
      done();
    });
  }

  done = step("Building the app (next build)");
  let t = Date.now();
  // Without Next's own type check, as `npm run app` and `npm test` build (next.config.mjs).
  await runLogged(bin("next"), ["build"], { cwd: root, env: { ...appEnv, NEXT_BUILD_SKIP_TYPECHECK: "1" }, logFile: log("build-app"), timeoutMs: 1_200_000 });
  report.appBuildSeconds = (Date.now() - t) / 1000;
  done();

  done = step("Building the framework floor: an empty Next app, same versions (next build)");
  writeFloorApp(floorDir);
  t = Date.now();
  await runLogged(bin("next"), ["build"], { cwd: floorDir, env: { NEXT_TELEMETRY_DISABLED: "1" }, logFile: log("build-floor"), timeoutMs: 300_000 });
  report.floorBuildSeconds = (Date.now() - t) / 1000;
  done();

  // The app as production serves it (scripts/app.mjs): scripts/serve.mjs with its heap flags,
  // on the loopback by the name `localhost`. Given 127.0.0.1, Next names the proxy's rewrite of
  // a signed-in /alerts http://localhost:..., another origin to it, and sends the request over
  // HTTP to itself: two requests each (docs/performance.md, "The app as served").
  done = step(`Starting both: app (scripts/serve.mjs) on ${appOrigin}, floor (next start) on ${floorOrigin}`);
  const app = startServer(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", "-p", String(appPort), "-H", "localhost"], { cwd: root, env: appServerEnv(appEnv), logFile: log("server-app") });
  const floorEnv = { ...floorServerEnv(), BENCH_FLOOR_DATABASE_URL: serverDatabase?.url ?? "", BENCH_FLOOR_COOKIE: signedIn?.cookieName ?? "" };
  const floor = startServer(bin("next"), ["start", "-p", String(floorPort), "-H", "127.0.0.1"], { cwd: floorDir, env: floorEnv, logFile: log("server-floor") });
  await waitForHttp(`${appOrigin}/api/newsletter/stats`, app, { logFile: log("server-app") });
  await waitForHttp(`${floorOrigin}/`, floor, { logFile: log("server-floor") });
  done();

  done = step("Regenerating the pages Next regenerates at run time (scripts/bench/regenerate.mjs), so each is measured as visitors get it");
  report.regenerated = await regenerateIsrPages(appOrigin, root);
  for (const r of report.regenerated) console.log(`  ${r.path} (every ${r.seconds} s): build copy ${int(r.buildBytes)} bytes, regenerated ${int(r.bytes)} bytes`);
  done();

  if (ONLY.has("js")) await section("JavaScript per page", () => measureJs(appOrigin, floorOrigin));
  // Lighthouse before the loads: a page audit is a visitor's single load, and right after the
  // 60 s memory load the app was still collecting garbage and finishing late requests, which
  // cost /alerts 6-9 points in a full run against the same build audited alone
  // (docs/performance.md "Order of the sections"). The floor then idles through the memory run.
  if (ONLY.has("lighthouse")) await section("Lighthouse", () => measureLighthouse(appOrigin, floorOrigin));
  if (ONLY.has("load")) {
    // Regenerated again, so that no page's 5-minute regeneration (/alerts) falls inside the
    // timed windows: with Lighthouse before them, the loads began 3.5 minutes after the first
    // regeneration, /alerts expired at the end of its own window, and its background
    // regeneration ran through the next route's first round (/pricing read 389 req/s against
    // 732-927 in its other rounds; docs/performance.md "A regeneration inside a window").
    report.regeneratedBeforeLoad = await regenerateIsrPages(appOrigin, root);
    await section("Throughput and latency", () => measureLoad(appOrigin, floorOrigin, floor, app));
  }
  if (ONLY.has("memory")) await section("Memory under load", () => measureMemory(appOrigin, app));
  if (ONLY.has("mix")) {
    await section("The mix", async () => {
      if (!signedIn) throw new Error("no signed-in subscribers");
      const seconds = Number(process.env.BENCH_MIX_SECONDS ?? 10);
      const done = step(`The mix (scripts/bench/mix.mjs: ${signedIn.subscribers.length} subscribers, ${LOAD.connections} connections, 3 rounds of ${seconds} s per part, then 60 s for memory)`);
      const { rows: mixRows, summary } = await measureMix({ appOrigin, floorOrigin, signedIn, rss: () => treeRss(app.pid), connections: LOAD.connections, seconds, memorySeconds: Number(process.env.BENCH_MEMORY_SECONDS ?? 60), log: console.log });
      rows.push(...mixRows);
      report.mix = summary;
      // What the outbox job did meanwhile (the welcome emails of the signups).
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: serverDatabase.url });
      await client.connect();
      const { rows: outbox } = await client.query("SELECT status, count(*)::int AS n FROM sent_emails GROUP BY status ORDER BY status");
      await client.end();
      report.mix.outbox = outbox;
      rows.push({ figure: "outbox after the mix (sent_emails by status)", measured: outbox.map((o) => `${o.status} ${o.n}`).join(", ") || "empty", target: "informational", result: "" });
      done();
    });
  }
  await stopProcess(floor);
  if (resendChild) await stopProcess(resendChild);
  if (ONLY.has("dashboard")) {
    await section("Economic dashboard API", async () => {
      const done = step(`Economic dashboard API (scripts/bench/dashboard.mjs, ${LOAD.connections} connections, ${LOAD.duration} s each)`);
      rows.push({ section: `Economic dashboard API through a shared cache, as a CDN serves it (targets: p99 < ${DASHBOARD_TARGET.p99Ms} ms, >= ${ratio(DASHBOARD_TARGET.ratio)} a bare Node server)` });
      const measured = await measureDashboard(appOrigin, { ...LOAD, logFile: log("bare-server-dashboard") });
      rows.push(...measured.rows);
      report.dashboard = measured.result;
      done();
    });
  }
  await stopProcess(app);
}

/** A new, empty database on the PostgreSQL server of `serverUrl`: its name and URL. */
async function createServerDatabase(serverUrl) {
  const { default: pg } = await import("pg");
  const name = `tw_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), serverUrl };
}

async function dropServerDatabase() {
  if (!serverDatabase) return;
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: serverDatabase.serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${serverDatabase.name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

let fatal = null;
try {
  await main();
} catch (error) {
  fatal = error instanceof Error ? error.message : String(error);
} finally {
  await cleanup();
  await dropServerDatabase().catch((error) => errors.push(`could not drop the bench database: ${error instanceof Error ? error.message : error}`));
}

const total = Date.now() - started;
report.machine.loadAverageAtEnd = os.loadavg()[0];
const busy = `load average ${report.machine.loadAverageAtStart.toFixed(1)} at start, ${report.machine.loadAverageAtEnd.toFixed(1)} at end`;
console.log(`\n=== Benchmark summary (${report.machine.cpus} cores, ${busy}, Node ${process.version}, ${report.database ?? "database not set up"}, total ${seconds(total)})\n`);
if (rows.length) printTable(rows);
report.totalSeconds = total / 1000;
report.summary = rows.filter((r) => !r.section);
report.errors = fatal ? [fatal, ...errors] : errors;
mkdirSync(benchDir, { recursive: true });
writeFileSync(path.join(benchDir, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nReport: ${path.relative(root, path.join(benchDir, "report.json"))}; Lighthouse reports: ${path.relative(root, benchDir)}/lighthouse/; logs: ${path.relative(root, logDir)}/`);

const missed = report.summary.filter((r) => r.result.startsWith("MISS")).length;
const passed = report.summary.filter((r) => r.result === "PASS").length;
if (fatal || errors.length) {
  console.error(`\nCould not measure everything:\n  ${report.errors.join("\n  ")}`);
  process.exit(1);
}
console.log(`\n${passed} PASS, ${missed} MISS (targets are reported, not enforced). Total ${seconds(total)}.`);
