// Start time from a clean clone (docs/performance.md "Start time"): `git clone` of the
// committed tree into a fresh folder, then `npm run app` in it, timed until the server
// answers GET / with 200. Wall time and CPU time (user + system of every process
// `npm run app` started and waited for, from /usr/bin/time), so a figure taken on a
// machine shared with other work can be read for what it is. The steps' own times come
// from app.mjs's output ("done in ...").
//
//   node scripts/bench/start-time.mjs [--port 4600] [--keep]     (standalone)
//
// Run from bench.mjs as the section "start". The clone is removed afterwards (--keep keeps it).
import { execFileSync, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Target: a clean clone serves within this (issue's start-time target). */
export const START_TARGET_MS = 150_000;

/** Every descendant pid of `pid` (from /proc). */
function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {}
  }
  const out = [];
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length) {
    const p = stack.pop();
    out.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

const cmdline = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
};

/** The steps app.mjs timed: [{ step, seconds }] from its "> ... done in N s" lines. */
function stepsOf(log) {
  const steps = [];
  for (const m of log.matchAll(/^> (.+?) done in ([\d.]+) s/gm)) steps.push({ step: m[1], seconds: Number(m[2]) });
  return steps;
}

/**
 * Clones `source` (a folder with a git repository; its HEAD) and times `npm run app` in the
 * clone until GET / answers 200. Resolves to { wallMs, cpuMs, userMs, systemMs, steps, logFile }.
 */
export async function measureStartTime({ source = root, port = 4600, logFile, keep = false, timeoutMs = 2_400_000 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tariffwatch-start-"));
  const clone = path.join(dir, "app");
  execFileSync("git", ["clone", "--quiet", source, clone], { stdio: "inherit" });
  const log = createWriteStream(logFile ?? path.join(dir, "app.log"));
  const timesFile = path.join(dir, "times");
  const started = performance.now();
  // /usr/bin/time reports the children's rusage, which includes every descendant reaped
  // along the way (npm ci, tsx, next build and its workers, the server once stopped).
  const child = spawn("/usr/bin/time", ["-o", timesFile, "-f", "%e %U %S", "npm", "run", "app"], {
    cwd: clone,
    env: { ...process.env, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1", NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise((resolve) => child.on("close", resolve));
  let served = null;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm run app exited (${child.exitCode}) before serving; see ${log.path}`);
      if (performance.now() - started > timeoutMs) throw new Error(`not serving after ${timeoutMs / 1000} s; see ${log.path}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000), redirect: "manual" });
        await r.arrayBuffer();
        if (r.status === 200) {
          served = performance.now() - started;
          break;
        }
      } catch {}
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    // Stop the server only (scripts/serve.mjs exits on SIGTERM), so every process above it
    // exits in turn and /usr/bin/time writes the total.
    const server = descendants(child.pid).find((p) => cmdline(p).includes("scripts/serve.mjs"));
    if (server) process.kill(server, "SIGTERM");
    else {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, 20_000);
    await exited;
    clearTimeout(timer);
    log.end();
  }
  const text = readFileSync(log.path, "utf8");
  const [, user, system] = existsSync(timesFile) ? readFileSync(timesFile, "utf8").trim().split("\n").pop().split(" ").map(Number) : [];
  if (!keep) rmSync(dir, { recursive: true, force: true });
  return {
    wallMs: Math.round(served),
    userMs: Math.round(user * 1000),
    systemMs: Math.round(system * 1000),
    cpuMs: Math.round((user + system) * 1000),
    steps: stepsOf(text),
    logFile: log.path,
    clone: keep ? clone : null,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const keep = process.argv.includes("--keep");
  const logFile = path.join(root, ".data", "bench", "logs", "start-time.log");
  execFileSync("mkdir", ["-p", path.dirname(logFile)]);
  const load = os.loadavg()[0];
  const r = await measureStartTime({ port: Number(arg("--port") ?? 4600), logFile, keep });
  console.log(`clean clone to serving: ${(r.wallMs / 1000).toFixed(1)} s wall, ${(r.cpuMs / 1000).toFixed(1)} s CPU (user ${(r.userMs / 1000).toFixed(1)} s, system ${(r.systemMs / 1000).toFixed(1)} s); load average ${load.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end`);
  for (const s of r.steps) console.log(`  ${s.step}: ${s.seconds} s`);
  console.log(JSON.stringify(r));
}
