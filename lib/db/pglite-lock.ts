import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One PGlite data directory belongs to one process at a time. Used by the app's database
 * client and by the command-line tools, so a tool started while `npm run app` runs says so
 * instead of corrupting the files.
 */

/** The PGlite data directory is open in another process. */
export class PgliteInUseError extends Error {
  override name = "PgliteInUseError";
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `The embedded database at ${dataDir} is in use by another process${pid ? ` (pid ${pid})` : ""} ` +
        "(is `npm run app` running?). Stop it and try again.",
    );
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function errorCode(error: unknown): string | undefined {
  return isRecord(error) && typeof error.code === "string" ? error.code : undefined;
}


/**
 * PGlite does NOT stop a second process from opening a data directory that another one has
 * open (it writes a dummy postmaster.pid, pid -42, and ignores it): both would write to the
 * same files and corrupt them. So whoever opens a data directory takes `<dataDir>/pglite.lock`
 * (created exclusively, holding our pid; stale when that pid is gone) for as long as it has it
 * open. For a holder that does not take the lock, Linux's /proc shows whether another process
 * has files of the directory open.
 *
 * Returns the release function. Throws PgliteInUseError when the directory is taken.
 */
export function lockPgliteDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "pglite.lock");
  const release = takeLock(lockFile, (pid) => new PgliteInUseError(dataDir, pid));
  const otherPid = otherProcessUsing(dataDir);
  if (otherPid !== null) {
    release();
    throw new PgliteInUseError(dataDir, otherPid);
  }
  return release;
}

/** `npm run app` is already running from this folder. */
export class AppAlreadyRunningError extends Error {
  override name = "AppAlreadyRunningError";
  constructor(readonly pid: number) {
    super(`TariffWatch is already running from this folder (pid ${pid}). Stop it first, or open the running app.`);
  }
}

/**
 * Held by `npm run app` for as long as it runs (scripts/app.mjs), taken before anything
 * is built, so a second start says so and exits instead of rebuilding .next under the
 * running server. Same staleness rules as the data directory lock.
 */
export function lockAppRun(dataRoot: string): () => void {
  fs.mkdirSync(dataRoot, { recursive: true });
  return takeLock(path.join(dataRoot, "app.lock"), (pid) => new AppAlreadyRunningError(pid));
}

/** Creates `lockFile` exclusively with our identity, replacing a stale one; throws `held(pid)` when a live process has it. */
function takeLock(lockFile: string, held: (pid: number) => Error): () => void {
  const mine = JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    boot: bootId(),
    started: processStartTime(process.pid),
    since: new Date().toISOString(),
  });
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, mine, { flag: "wx" });
      break;
    } catch (error) {
      if (errorCode(error) !== "EEXIST" || attempt > 0) throw error;
      const holder = readLockHolder(lockFile);
      if (holder !== null && holder !== process.pid && isAlive(holder)) throw held(holder);
      fs.rmSync(lockFile, { force: true }); // stale: its process is gone
    }
  }
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    process.removeListener("exit", release);
    if (readLockHolder(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
  };
  process.on("exit", release);
  return release;
}

function readLockHolder(lockFile: string): number | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(lockFile, "utf8"));
    if (!isRecord(parsed) || typeof parsed.pid !== "number") return null;
    if (typeof parsed.boot === "string" && parsed.boot !== bootId()) return null;
    if (typeof parsed.boot !== "string" && typeof parsed.host === "string" && parsed.host !== os.hostname()) return null;
    if (typeof parsed.started === "string" && parsed.started !== processStartTime(parsed.pid)) return null;
    return parsed.pid;
  } catch {
    // unreadable or half-written: treat as stale
    return null;
  }
}

/** This boot of the machine: Linux's boot id, else the boot time to the minute. */
export function bootId(): string {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return `boot@${Math.round((Date.now() / 1000 - os.uptime()) / 60)}`;
  }
}

/** When a process started (clock ticks since boot, Linux), or "" when it cannot be read (then only liveness counts). */
function processStartTime(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime) counted after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? "";
  } catch {
    return "";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM"; // exists, owned by someone else
  }
}

/** Linux only: the pid of another process with a file under `dataDir` open, else null. */
function otherProcessUsing(dataDir: string): number | null {
  if (process.platform !== "linux") return null;
  // PGlite leaves postmaster.pid behind while open (and after a crash); nothing to look for without it.
  if (!fs.existsSync(path.join(dataDir, "postmaster.pid"))) return null;
  const prefix = fs.realpathSync(dataDir) + path.sep;
  let pids: string[];
  try {
    pids = fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return null;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to look at
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(prefix)) return Number(pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}
