// CPU seconds used by every process started under this one, for `npm test`'s timings
// (docs/performance.md "CI time"). Linux only (/proc); elsewhere `cpuSeconds()` is null.
//
// Why sampled: the usual account of children's CPU (getrusage, /proc cutime) holds only
// processes their parent waited for, and Chromium's renderer processes are not: measured on a
// Playwright run, rusage saw 24 of the 62 CPU seconds a cgroup counted. So every process
// under this one is read from /proc twice a second and its own user + system time kept; a
// process loses at most its last half second, and one that lives less is missed (a few
// short commands).
import { existsSync, readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // Linux's USER_HZ
const available = existsSync("/proc/self/stat");
/** Per process (pid and start time, as pids are reused): the CPU ticks last seen. */
const seen = new Map();

function stat(pid) {
  try {
    // The command name (field 2) may hold spaces: fields are counted after its ")".
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), started: fields[19] };
  } catch {
    return null; // gone meanwhile
  }
}

function sample() {
  const all = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(name);
    if (s) all.set(Number(name), s);
  }
  const children = new Map();
  for (const [pid, s] of all) {
    if (!children.has(s.ppid)) children.set(s.ppid, []);
    children.get(s.ppid).push(pid);
  }
  const queue = [...(children.get(process.pid) ?? [])];
  while (queue.length) {
    const pid = queue.pop();
    const s = all.get(pid);
    seen.set(`${pid}:${s.started}`, s.ticks);
    queue.push(...(children.get(pid) ?? []));
  }
}

let timer;
if (available) {
  timer = setInterval(sample, 500);
  timer.unref();
}

/** CPU seconds of every process seen under this one so far (sampled now too); null off Linux. */
export function cpuSeconds() {
  if (!available) return null;
  sample();
  let ticks = 0;
  for (const value of seen.values()) ticks += value;
  return ticks / TICKS_PER_SECOND;
}
