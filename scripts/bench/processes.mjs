// Child processes of the benchmark: commands run to completion with their output in a log
// file, and servers that are tracked so that every one of them is stopped on the way out,
// also on failure or Ctrl-C.
import { fork, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** Every process group this benchmark started and has not stopped yet. */
const live = new Set();

/** A port on 127.0.0.1 that nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function openLog(logFile) {
  mkdirSync(path.dirname(logFile), { recursive: true });
  return createWriteStream(logFile, { flags: "w" });
}

function tail(logFile, lines = 40) {
  try {
    return readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no output)";
  }
}

/**
 * Runs a command to completion with its output in `logFile`; on failure rejects with the
 * last lines of that output. Bounded by `timeoutMs`.
 */
export function runLogged(command, args, { cwd, env, logFile, timeoutMs = 300_000 }) {
  return new Promise((resolve, reject) => {
    const log = openLog(logFile);
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    live.add(child);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    const timer = setTimeout(() => {
      log.write(`\n[bench] timed out after ${timeoutMs / 1000} s\n`);
      killGroup(child, "SIGKILL");
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      live.delete(child);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      log.end(() => {
        if (code === 0) resolve();
        else reject(new Error(`${path.basename(command)} ${args.join(" ")} failed (${signal ?? `exit ${code}`}); see ${logFile}:\n${tail(logFile)}`));
      });
    });
  });
}

function killGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the whole group: `next start` may have children of its own
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Waits until `url` answers any HTTP status; fails early when the server exits. */
export async function waitForHttp(url, child, { timeoutMs = 60_000, logFile } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server for ${url} exited (${child.signalCode ?? `exit ${child.exitCode}`})${logFile ? `; see ${logFile}:\n${tail(logFile)}` : ""}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Starts a long-running server in its own process group, output to `logFile`. */
export function startServer(command, args, { cwd, env, logFile }) {
  const log = openLog(logFile);
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  live.add(child);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.on("exit", () => live.delete(child));
  child.on("error", () => live.delete(child));
  return child;
}

/** Forks a Node module as a server in its own process group, with an IPC channel. */
export function forkServer(modulePath, args, { logFile }) {
  const log = openLog(logFile);
  const child = fork(modulePath, args, { stdio: ["ignore", "pipe", "pipe", "ipc"], detached: true });
  live.add(child);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.on("exit", () => live.delete(child));
  child.on("error", () => live.delete(child));
  return child;
}

/**
 * Forks a Node module as a server on a free port (its first argument, before `args`) and
 * resolves to `{ child, port }` once it sends `{type: "listening"}`. `init(child)` is called
 * right after the fork, for a server that waits for its configuration over IPC before it
 * listens. `name` is for the errors ("the bare server did not start within 10 s").
 */
export async function forkListening(modulePath, args, { logFile, name, init }) {
  const port = await freePort();
  const child = forkServer(modulePath, [String(port), ...args], { logFile });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 10 s; see ${logFile}`)), 10_000);
    child.on("message", (m) => {
      if (m?.type === "listening") {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}); see ${logFile}`));
    });
    init?.(child);
  });
  return { child, port };
}

/** Stops one process group: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopProcess(child, graceMs = 5_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) {
    live.delete(child);
    return;
  }
  const exited = new Promise((resolve) => child.once("exit", resolve));
  killGroup(child, "SIGTERM");
  const timer = new Promise((resolve) => setTimeout(resolve, graceMs, "timeout"));
  if ((await Promise.race([exited, timer])) === "timeout") {
    killGroup(child, "SIGKILL");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 2_000))]);
  }
  live.delete(child);
}

/** Stops every process this benchmark started and has not stopped yet. */
export async function stopAll() {
  await Promise.all([...live].map((child) => stopProcess(child)));
}

/** Last resort at exit (synchronous): SIGKILL every group still running. */
export function killAllNow() {
  for (const child of live) killGroup(child, "SIGKILL");
  live.clear();
}
