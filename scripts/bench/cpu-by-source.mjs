// Where a page's main-thread JavaScript goes, by original source file: loads a URL in
// Chromium at a phone's CPU (4x slower, 412x823), samples the CPU until WAIT ms after load,
// and maps each sample's frame through the build's browser source maps (a build made with
// BENCH_SOURCE_MAPS=1, next.config.mjs). Prints self time by source file and by function.
// A diagnostic for docs/performance.md, not part of `npm run bench`:
//
//   BENCH_SOURCE_MAPS=1 NEXT_DIST_DIR=.next-sm npx next build   (then serve that build)
//   DIST=.next-sm node scripts/bench/cpu-by-source.mjs http://127.0.0.1:3400/alerts
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map";
import { openPhonePage } from "./phone-page.mjs";

const url = process.argv[2];
if (!url) {
  console.error("usage: node scripts/bench/cpu-by-source.mjs <url>");
  process.exit(2);
}
const dist = process.env.DIST ?? ".next";
const { browser, page, cdp } = await openPhonePage();
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
await cdp.send("Profiler.start");
await page.goto(url, { waitUntil: "load" });
await page.waitForTimeout(Number(process.env.WAIT ?? 4000));
const { profile } = await cdp.send("Profiler.stop");
await browser.close();

// Self time per node: samples x their interval.
const dt = new Map();
for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));

const consumers = new Map();
async function consumer(scriptUrl) {
  if (consumers.has(scriptUrl)) return consumers.get(scriptUrl);
  let c = null;
  const m = /\/_next\/(static\/.*\.js)/.exec(scriptUrl);
  const js = m && path.join(dist, m[1]);
  const ref = js && existsSync(js) ? /sourceMappingURL=(\S+)\s*$/.exec(readFileSync(js, "utf8")) : null;
  const file = ref && path.join(path.dirname(js), ref[1]);
  if (file && existsSync(file)) c = await new SourceMapConsumer(JSON.parse(readFileSync(file, "utf8")));
  consumers.set(scriptUrl, c);
  return c;
}

const bySource = new Map();
const byFunction = new Map();
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
for (const node of profile.nodes) {
  const us = dt.get(node.id) ?? 0;
  if (!us) continue;
  const f = node.callFrame;
  let source = f.url ? f.url.replace(/^https?:\/\/[^/]+/, "") : `(${f.functionName || "native"})`;
  let name = f.functionName || "(anonymous)";
  const c = f.url ? await consumer(f.url) : null;
  if (c) {
    const pos = c.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    if (pos.source) {
      source = pos.source.replace(/^.*?(node_modules\/|\[project\]\/)/, "$1");
      name = pos.name ?? name;
    }
  }
  add(bySource, source, us);
  add(byFunction, `${name} (${source.split("/").slice(-2).join("/")})`, us);
}
const print = (title, map, n) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
};
print("Self time by source file (4x CPU)", bySource, Number(process.env.TOP ?? 30));
print("Self time by function", byFunction, Number(process.env.TOP ?? 30));
