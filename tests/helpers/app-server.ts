import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { templateDump } from "./database-templates";

/**
 * The built app behind scripts/serve.mjs, for tests that need the real server (socket
 * addresses, streamed bodies, several instances). Only when a production build is at
 * hand: TEST_APP_DIST_DIR names it (e.g. `.next-sec`), else `.next` when its build is
 * newer than every file under app/ and lib/ (a stale build would test old code).
 */
const root = path.resolve(__dirname, "../..");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

export function builtAppDistDir(): string | null {
  const named = process.env.TEST_APP_DIST_DIR?.trim();
  if (named) return existsSync(path.join(root, named, "BUILD_ID")) ? named : null;
  const id = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(id)) return null;
  const built = statSync(id).mtimeMs;
  return built > Math.max(newestMtime(path.join(root, "app")), newestMtime(path.join(root, "lib"))) ? ".next" : null;
}

export type RunningApp = {
  url: string;
  port: number;
  pid: number;
  /** Resident memory of the server process, in bytes (Linux /proc). */
  rss: () => number;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * A fresh embedded database directory, migrated (for one spawned server): the run's `empty`
 * template (tests/helpers/database-templates.ts, migrated once per run by the project's own
 * code) written out as a data directory.
 */
export async function migratedPgliteDir(): Promise<{ env: Record<string, string>; cleanup: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "tw-app-"));
  const pglite = new PGlite(dir, { loadDataDir: new Blob([readFileSync(await templateDump("empty"))]) });
  await pglite.waitReady;
  await pglite.close();
  return { env: { PGLITE_DATA_DIR: dir, DATABASE_URL: "" }, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// Ports 4200-4699: none is on the fetch standard's list of blocked ports, which fetch() refuses
// to connect to ("fetch failed", cause "bad port"). The range before, 3900-4399, held 4045 and
// 4190, so about one server start in 250 could never be reached.
let nextPort = 4200 + Math.floor(Math.random() * 500);

/** Starts `node scripts/serve.mjs` on a free-ish port and waits until it answers. */
export async function startApp(distDir: string, env: Record<string, string>): Promise<RunningApp> {
  const port = nextPort++;
  let log = "";
  const child: ChildProcess = spawn(process.execPath, ["scripts/serve.mjs", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NODE_OPTIONS: "",
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: "1",
      ECONOMIC_REFRESH_INTERVAL_MINUTES: "0",
      TRIAL_FOLLOWUP_INTERVAL_MINUTES: "0",
      RESEND_API_KEY: "",
      CLIENT_IP_HEADER: "",
      TRUSTED_PROXY_HOPS: "0",
      SITE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c: Buffer) => (log += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (log += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  // What the last readiness request met, for the message if the server never answers.
  let last = "no answer yet";
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/api/newsletter/stats`, { signal: AbortSignal.timeout(10_000) });
      if (res.status < 500) break;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (error) {
      // not listening yet, or no answer within 10 s
      // The cause comes from Node's fetch, outside jest's realm: read its message without instanceof.
      const cause = (error as { cause?: { message?: unknown } }).cause?.message;
      last = error instanceof Error ? `${error.name}: ${error.message}${typeof cause === "string" ? ` (${cause})` : ""}` : String(error);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer within 60 s (last readiness request: ${last}):\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    pid: child.pid!,
    rss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "0");
      return kb * 1024;
    },
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}
