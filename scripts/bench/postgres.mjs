// A throwaway PostgreSQL server for the benches that need one (docs/performance.md): the
// newest /usr/lib/postgresql/<n>/bin, a fresh cluster in a private directory, trust
// authentication on 127.0.0.1 only, stopped and deleted by `stop()`. PostgreSQL refuses to
// run as root, so as root it runs as an unprivileged system user (as .ci/run does).
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PG_USER = "tariffwatch_bench";

function pgBin() {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(path.join(base, v, "bin", "initdb"))) : [];
  versions.sort((a, b) => Number(a) - Number(b));
  if (!versions.length) throw new Error(`no PostgreSQL server under ${base} (apt-get install postgresql), or pass a server's URL`);
  return { bin: path.join(base, versions[versions.length - 1], "bin"), version: versions[versions.length - 1] };
}

/** Starts a fresh cluster on `port`: { url, version, stop }. `settings`: extra `-c name=value`. */
export function startPostgres(port, settings = {}) {
  const { bin, version } = pgBin();
  const root = process.getuid?.() === 0;
  if (root) {
    try {
      execFileSync("id", [PG_USER], { stdio: "ignore" });
    } catch {
      execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PG_USER]);
    }
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "tariffwatch-bench-pg-"));
  if (root) chownSync(dir, Number(execFileSync("id", ["-u", PG_USER]).toString().trim()), Number(execFileSync("id", ["-g", PG_USER]).toString().trim()));
  const run = (cmd, args) => (root ? execFileSync("runuser", ["-u", PG_USER, "--", cmd, ...args], { stdio: "pipe" }) : execFileSync(cmd, args, { stdio: "pipe" }));
  const data = path.join(dir, "data");
  run(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8"]);
  const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1", ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(" ");
  run(path.join(bin, "pg_ctl"), ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url: `postgresql://postgres@127.0.0.1:${port}/postgres`, version, stop, log: path.join(dir, "server.log") };
}
