import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bootId, lockPgliteDataDir, PgliteInUseError } from "@/lib/db/tools/pglite-lock";

/**
 * The embedded database's lock (docs/database.md "PGlite: one process at a time"): a crash (kill -9) leaves a lock file
 * behind, and `npm run app` must start again, also after the hostname changed; a live
 * holder must still be refused.
 */
function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "tw-lock-"));
}

function startSleeper(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  return new Promise((resolve) => child.once("spawn", () => resolve(child.pid!)));
}

function startTimeOf(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
}

const linux = process.platform === "linux" ? it : it.skip;

describe("PGlite data directory lock", () => {
  it("takes a free directory and releases it", () => {
    const dir = tempDir();
    const release = lockPgliteDataDir(dir);
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(true);
    release();
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });

  linux("refuses a directory held by a live process, whatever the hostname says", async () => {
    const dir = tempDir();
    const pid = await startSleeper();
    try {
      fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify({ pid, host: "renamed-host", boot: bootId(), started: startTimeOf(pid) }));
      expect(() => lockPgliteDataDir(dir)).toThrow(PgliteInUseError);
    } finally {
      process.kill(pid, "SIGKILL");
    }
  });

  linux("takes over the lock of a process killed with -9", async () => {
    const dir = tempDir();
    const pid = await startSleeper();
    fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify({ pid, host: os.hostname(), boot: bootId(), started: startTimeOf(pid) }));
    process.kill(pid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 200));
    const release = lockPgliteDataDir(dir);
    release();
  });

  it("takes over a lock from an earlier boot or another machine, even when its pid is alive here", () => {
    const dir = tempDir();
    // pid 1 is always alive; the lock was written on another boot (another machine, or before a reboot).
    fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify({ pid: 1, host: "old-host", boot: "another-boot", started: "1" }));
    const release = lockPgliteDataDir(dir);
    release();
  });

  linux("takes over a lock whose pid now belongs to another process", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify({ pid: 1, host: os.hostname(), boot: bootId(), started: "not-the-start-time" }));
    const release = lockPgliteDataDir(dir);
    release();
  });

  it("takes over an old-format lock from another hostname", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "pglite.lock"), JSON.stringify({ pid: 1, host: "old-host", since: "2026-01-01T00:00:00Z" }));
    const release = lockPgliteDataDir(dir);
    release();
  });
});
