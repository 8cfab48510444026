// Throughput and latency under concurrent connections (autocannon), of the app and of a
// bare Node http server serving the same bytes. Only 127.0.0.1; every run is bounded in time.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { percentile, rawLoad } from "./raw-client.mjs";
import { forkListening } from "./processes.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

// Per-connection details that a copy must not repeat.
const HOP_BY_HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/**
 * One GET as the load client sends it (no Accept-Encoding, so an uncompressed body): the
 * status, headers and exact body bytes the app answers with. `headers`: e.g. a signed-in
 * subscriber's Cookie.
 */
export function capture(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: 15_000, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => !HOP_BY_HOP.has(k)));
        resolve({ status: res.statusCode, headers, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on("error", reject);
  });
}

/** Starts the bare server with `routes` ({path: capture}: what it answers on each path); resolves to `{ child, port }`. */
export function startBareServer(routes, logFile) {
  const payload = Object.fromEntries(Object.entries(routes).map(([p, r]) => [p, { status: r.status, headers: r.headers, body: r.body.toString("base64") }]));
  return forkListening(path.join(here, "bare-server.mjs"), [], { logFile, name: "the bare server", init: (child) => child.send({ type: "routes", routes: payload }) });
}

/**
 * A short warm-up (discarded), then `duration` seconds with `connections` connections, with
 * a client that skips bodies without decoding them (./raw-client.mjs). `variants`: requests
 * taken in turn (see rawLoad). Returns requests per second (average over the run) and
 * latency percentiles in ms.
 */
export async function measureThroughput(url, { connections = 50, duration = 10, warmup = 2, variants } = {}) {
  if (warmup > 0) await rawLoad(url, { connections, duration: warmup, variants });
  const { latencies, ...figure } = await rawLoad(url, { connections, duration, variants });
  void latencies;
  return figure;
}

/** Several runs of one target as one figure: requests over their summed windows, percentiles over all their latencies. */
export function combineRuns(runs) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const sum = (k) => runs.reduce((n, r) => n + r[k], 0);
  const total = sum("total");
  return {
    rps: total / sum("elapsed"),
    total,
    ok: sum("ok"),
    non2xx: sum("non2xx"),
    errors: sum("errors"),
    late: sum("late"),
    unanswered: sum("unanswered"),
    timeouts: 0,
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    elapsed: sum("elapsed"),
    rounds: runs.map((r) => Math.round(r.rps)),
  };
}

/**
 * The targets ({name: {url, variants}}) measured side by side: each warmed up once
 * (`warmup` s, discarded), then `rounds` rounds of `duration / rounds` s each, the order
 * reversed every other round (A B C, C B A, ...), so a machine that slows down or speeds up
 * during the measurement weighs on every target alike instead of on whichever ran first
 * (docs/performance.md "Alternating rounds"). Resolves to {name: combined figure}.
 */
export async function measureAlternating(targets, { connections = 50, duration = 10, warmup = 2, rounds = 2 } = {}) {
  const names = Object.keys(targets);
  if (warmup > 0) for (const name of names) await rawLoad(targets[name].url, { connections, duration: warmup, variants: targets[name].variants });
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      const { url, variants } = targets[name];
      runs[name].push(await rawLoad(url, { connections, duration: duration / rounds, variants }));
    }
  }
  return Object.fromEntries(names.map((name) => [name, combineRuns(runs[name])]));
}
