// Where a page's main thread goes, task by task: loads a URL in Chromium at a phone's CPU
// (4x slower, 412x823) with a devtools timeline trace, and prints every task of 30 ms or more
// with the longest events inside it (EvaluateScript of which chunk, ParseHTML, Layout, ...).
// A diagnostic for docs/performance.md ("/alerts: the charts as numbers in the payload"), not
// part of `npm run bench`:
//
//   node scripts/bench/long-tasks.mjs http://127.0.0.1:3400/alerts     (WAIT=ms after load, 4000)
import { openPhonePage } from "./phone-page.mjs";

const url = process.argv[2];
if (!url) {
  console.error("usage: node scripts/bench/long-tasks.mjs <url>");
  process.exit(2);
}
const { browser, page } = await openPhonePage();
await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"] });
await page.goto(url, { waitUntil: "load" });
await page.waitForTimeout(Number(process.env.WAIT ?? 4000));
const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
await browser.close();

// The renderer's main thread: the one with the most task time.
const busy = new Map();
for (const e of events) if (e.name === "RunTask" && e.dur > 0) busy.set(e.tid, (busy.get(e.tid) ?? 0) + e.dur);
const main = [...busy].sort((a, b) => b[1] - a[1])[0][0];
const onMain = events.filter((e) => e.tid === main && e.ts > 0);
const start = Math.min(...onMain.map((e) => e.ts));
const ms = (us) => Math.round(us / 1000);

for (const task of onMain.filter((e) => e.name === "RunTask" && e.dur >= 30_000)) {
  const longest = new Map();
  for (const e of onMain) {
    if (e === task || e.name === "RunTask" || !(e.dur > 3000) || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur) continue;
    const data = e.args?.data ?? {};
    const what = data.url ? ` ${data.url.split("/").pop().slice(0, 40)}` : data.functionName ? ` ${data.functionName}` : "";
    const key = `${e.name}${what}`;
    longest.set(key, Math.max(longest.get(key) ?? 0, e.dur));
  }
  const inside = [...longest].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, d]) => `${k} ${ms(d)}`);
  console.log(`${ms(task.ts - start)} ms +${ms(task.dur)} ms: ${inside.join(" | ")}`);
}
