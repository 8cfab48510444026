// The mix of `npm run bench` (docs/performance.md, "The mix"): signed-in traffic as it
// comes, against the dynamic floor measured in the same run.
//
// `connections` keep-alive connections, each sending one request at a time for `seconds`:
// 90% reads spread evenly over READS, 10% writes spread evenly over WRITES, each request as
// a random subscriber (its session cookie). Per round:
//   - the dynamic floor alone (GET /bench-dynamic of the floor app: the session cookie and
//     one row of the same database);
//   - the full mix (every route's p50/p99 under it);
//   - for each read route, the mix with all its reads on that route (90% that route, 10%
//     the same writes): that route's reads a second, compared with the floor's requests a
//     second.
// Figures are the median of the rounds. Then the full mix for `memorySeconds` and the app's
// resident memory (its process tree) at the end.
import http from "node:http";

export const MIX_TARGET = { floorRatio: 0.5, p99Ms: 500, rssMb: 400 };

export const READS = [
  { key: "watchlist", label: "GET /watchlist", path: () => "/watchlist" },
  { key: "watch", label: "GET /watchlist/<id>", path: (s) => `/watchlist/${s.watchIds[s.watchIds.length - 1]}` },
  { key: "alerts", label: "GET /alerts (signed in)", path: () => "/alerts" },
  { key: "account", label: "GET /account", path: () => "/account" },
  { key: "api-watchlist", label: "GET /api/watchlist", path: () => "/api/watchlist" },
];

const json = (body) => ({ body: JSON.stringify(body), headers: { "content-type": "application/json" } });
let serial = 0;

/** The writes: each a function of the subscriber and the bench's state that gives the request. */
export const WRITES = [
  {
    key: "add-watch",
    request: (s, state) => ({ method: "POST", path: "/api/watchlist", ...json({ name: `Mix item ${++serial}`, htsCode: state.htsCode, price: 40 + (serial % 60), madeIn: "VN", perYear: 1 }) }),
    done: (s, status, body) => {
      if (status === 201) {
        const id = /"id":"([^"]+)"/.exec(body)?.[1];
        if (id) (s.added ??= []).push(id);
      }
    },
  },
  // The horizon (a custom threshold needs a plan that has them: the Consumer plan answers 403).
  { key: "edit-watch", request: (s) => ({ method: "PATCH", path: `/api/watchlist/${s.watchIds[serial++ % (s.watchIds.length - 1)]}`, ...json({ horizonDays: [30, 90, 180][serial % 3] }) }) },
  {
    key: "delete-watch",
    // A watch the mix added (added and deleted in turn keep the watch counts as seeded); an add when there is none.
    request: (s, state) => (s.added?.length ? { method: "DELETE", path: `/api/watchlist/${s.added.pop()}` } : WRITES[0].request(s, state)),
    done: (s, status, body) => WRITES[0].done(s, status, body),
  },
  { key: "mark-read", request: (s, state) => (s.alertIds?.length ? { method: "POST", path: `/api/alerts/${s.alertIds[serial++ % s.alertIds.length]}/read` } : WRITES[4].request(s, state)) },
  {
    key: "newsletter",
    // From a different address each (X-Forwarded-For, as our one trusted proxy writes it): a
    // person signing up, not one address flooding the form (which its rate limit stops).
    request: (s, state) => {
      const n = ++serial;
      const r = { method: "POST", path: "/api/newsletter", ...json({ email: `mix-${state.runId}-${n}@example.com` }) };
      r.headers["x-forwarded-for"] = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      return r;
    },
  },
];

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One window of load; `pick()` gives each next request. Returns per-key counts and latencies. */
async function run(origin, { connections, seconds, pick }) {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const byKey = new Map();
  const end = performance.now() + seconds * 1000;
  const once = (r) =>
    new Promise((resolve) => {
      const t = performance.now();
      const req = http.request(
        { host: url.hostname, port: url.port, method: r.method ?? "GET", path: r.path, agent, headers: { ...r.headers, ...(r.body ? { "content-length": Buffer.byteLength(r.body) } : {}) } },
        (res) => {
          const keepBody = Boolean(r.done);
          const chunks = [];
          res.on("data", (c) => keepBody && chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - t, body: keepBody ? Buffer.concat(chunks).toString() : "" }));
        },
      );
      req.on("error", () => resolve({ status: 0, ms: performance.now() - t, body: "" }));
      if (r.body) req.write(r.body);
      req.end();
    });
  const worker = async () => {
    while (performance.now() < end) {
      const r = pick();
      const result = await once(r);
      r.done?.(result.status, result.body);
      let k = byKey.get(r.key);
      if (!k) byKey.set(r.key, (k = { latencies: [], ok: 0, failed: 0, statuses: {} }));
      k.latencies.push(result.ms);
      if (result.status >= 200 && result.status < 300) k.ok += 1;
      else {
        k.failed += 1;
        k.statuses[result.status] = (k.statuses[result.status] ?? 0) + 1;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  const out = {};
  let total = 0;
  for (const [key, k] of byKey) {
    k.latencies.sort((a, b) => a - b);
    out[key] = { rps: k.latencies.length / elapsed, okRps: k.ok / elapsed, p50: percentile(k.latencies, 50), p99: percentile(k.latencies, 99), ok: k.ok, failed: k.failed, statuses: k.statuses };
    total += k.latencies.length;
  }
  return { keys: out, rps: total / elapsed };
}

/**
 * The mix against the app and the dynamic floor. `signedIn`: {cookieName, htsCode,
 * subscribers: [{email, value, watchIds, alertIds}]}. `rss()`: the app's resident memory in kB.
 */
export async function measureMix({ appOrigin, floorOrigin, signedIn, rss, connections = 50, seconds = 10, rounds = 3, memorySeconds = 60, log = console.log }) {
  const subs = signedIn.subscribers;
  const state = { htsCode: signedIn.htsCode, runId: Date.now().toString(36) };
  const cookie = (s) => ({ cookie: `${signedIn.cookieName}=${s.value}` });
  const anyone = () => subs[Math.floor(Math.random() * subs.length)];
  const readOf = (route, s) => ({ key: route.key, path: route.path(s), headers: cookie(s) });
  const writeOf = (s) => {
    const w = WRITES[Math.floor(Math.random() * WRITES.length)];
    const r = w.request(s, state);
    return { key: `write:${w.key}`, ...r, headers: { ...cookie(s), ...r.headers }, done: w.done ? (status, body) => w.done(s, status, body) : undefined };
  };
  const mix = (focus) => () => {
    const s = anyone();
    if (Math.random() < 0.1) return writeOf(s);
    return readOf(focus ?? READS[Math.floor(Math.random() * READS.length)], s);
  };
  const floorPick = () => ({ key: "floor", path: "/bench-dynamic", headers: cookie(anyone()) });

  log(`  warm-up: the mix and the floor, 3 s each`);
  await run(appOrigin, { connections, seconds: 3, pick: mix() });
  await run(floorOrigin, { connections, seconds: 3, pick: floorPick });

  const results = { floor: [], full: [], focused: Object.fromEntries(READS.map((r) => [r.key, []])) };
  for (let round = 1; round <= rounds; round++) {
    const floor = await run(floorOrigin, { connections, seconds, pick: floorPick });
    results.floor.push(floor.keys.floor);
    const full = await run(appOrigin, { connections, seconds, pick: mix() });
    results.full.push(full);
    for (const route of READS) results.focused[route.key].push((await run(appOrigin, { connections, seconds, pick: mix(route) })).keys[route.key]);
    log(
      `  round ${round}: floor ${floor.keys.floor.rps.toFixed(1)} req/s (p99 ${floor.keys.floor.p99.toFixed(0)} ms) | full mix ${full.rps.toFixed(1)} req/s | ` +
        READS.map((r) => `${r.key} ${results.focused[r.key][round - 1]?.okRps.toFixed(1)}`).join(", "),
    );
  }

  // RSS after `memorySeconds` of the full mix.
  log(`  the full mix for ${memorySeconds} s, then the app's resident memory`);
  const before = rss();
  const long = await run(appOrigin, { connections, seconds: memorySeconds, pick: mix() });
  const after = rss();

  const floorRps = median(results.floor.map((f) => f.okRps));
  const floorP99 = median(results.floor.map((f) => f.p99));
  const rows = [{ section: `The mix: ${subs.length} subscribers, ${connections} connections, 90% reads / 10% writes, outbox job running; median of ${rounds} rounds of ${seconds} s (targets: each read route >= ${MIX_TARGET.floorRatio}x the dynamic floor, p99 <= ${MIX_TARGET.p99Ms} ms; RSS <= ${MIX_TARGET.rssMb} MB after ${memorySeconds} s)` }];
  rows.push({ figure: "dynamic floor (GET /bench-dynamic: session cookie + one row)", measured: `${floorRps.toFixed(1)} req/s, p99 ${floorP99.toFixed(0)} ms`, target: "reference", result: "" });
  const summary = { floor: { rps: floorRps, p99: floorP99 }, routes: {}, writes: {} };
  for (const route of READS) {
    const focused = results.focused[route.key].filter(Boolean);
    const rps = median(focused.map((f) => f.okRps));
    const p99 = median(results.full.map((f) => f.keys[route.key]?.p99 ?? NaN));
    const p50 = median(results.full.map((f) => f.keys[route.key]?.p50 ?? NaN));
    const failed = focused.reduce((n, f) => n + f.failed, 0) + results.full.reduce((n, f) => n + (f.keys[route.key]?.failed ?? 0), 0);
    const ratio = rps / floorRps;
    summary.routes[route.key] = { rps, ratio, p50, p99, failed };
    rows.push({
      figure: `${route.label}: reads/s (its own mix) vs floor`,
      measured: `${rps.toFixed(1)} vs ${floorRps.toFixed(1)} = ${ratio.toFixed(2)}x${failed ? `, ${failed} non-2xx` : ""}`,
      target: `>= ${MIX_TARGET.floorRatio}x`,
      result: ratio >= MIX_TARGET.floorRatio && !failed ? "PASS" : "MISS",
    });
    rows.push({ figure: `${route.label}: p50 / p99 under the full mix`, measured: `${p50.toFixed(0)} / ${p99.toFixed(0)} ms`, target: `p99 <= ${MIX_TARGET.p99Ms} ms`, result: p99 <= MIX_TARGET.p99Ms ? "PASS" : "MISS" });
  }
  const writes = {};
  for (const f of [...results.full, long]) {
    for (const [key, k] of Object.entries(f.keys)) {
      if (!key.startsWith("write:")) continue;
      const w = (writes[key.slice(6)] ??= { ok: 0, failed: 0, p99s: [], statuses: {} });
      w.ok += k.ok;
      w.failed += k.failed;
      w.p99s.push(k.p99);
      for (const [st, n] of Object.entries(k.statuses)) w.statuses[st] = (w.statuses[st] ?? 0) + n;
    }
  }
  for (const [key, w] of Object.entries(writes)) {
    summary.writes[key] = { ok: w.ok, failed: w.failed, statuses: w.statuses, p99: median(w.p99s) };
    rows.push({ figure: `write ${key} (full mix runs)`, measured: `${w.ok} ok${w.failed ? `, ${w.failed} not (${JSON.stringify(w.statuses)})` : ""}, p99 ${median(w.p99s).toFixed(0)} ms`, target: "informational", result: "" });
  }
  const fullRps = median(results.full.map((f) => f.rps));
  rows.push({ figure: "full mix, all requests", measured: `${fullRps.toFixed(1)} req/s`, target: "informational", result: "" });
  const mb = after / 1024;
  summary.rss = { beforeKb: before, afterKb: after, longRps: long.rps };
  rows.push({ figure: `RSS after ${memorySeconds} s of the full mix (${long.rps.toFixed(1)} req/s)`, measured: `${mb.toFixed(0)} MB (before: ${(before / 1024).toFixed(0)} MB)`, target: `<= ${MIX_TARGET.rssMb} MB`, result: mb <= MIX_TARGET.rssMb ? "PASS" : "MISS" });
  return { rows, summary };
}
