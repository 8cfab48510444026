// `npm test`: every check, failing fast: lint, production build and type-check, unit and
// integration tests (jest, real database), Playwright in Chromium. With TEST_DATABASE_URL set
// (a PostgreSQL server), the integration test files whose behaviour depends on the database
// engine (tests/postgres-pass.json; the rule in docs/database.md, "Tests on both engines") run a second time against it.
//
// Time (README.md, "Tests"; docs/performance.md, "CI time"): the machine has few cores, so the steps
// that use one core each run side by side: eslint beside `next build` then tsc (tsc reads
// the route types the build writes in .next/types, so it runs after it; the build itself
// skips its own type-check, which would be the same check a second time), and jest runs its
// test files on two workers. The build comes before jest so that the integration tests that
// start the built server (tests/helpers/app-server.ts) run instead of skipping.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { cpuSeconds } from "./cpu-sampler.mjs";
import { bin, elapsed, ensureDependencies, ensurePrismaClient, root, run } from "./setup.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
// PGlite loads its WebAssembly through a dynamic import, which jest allows only with this flag.
const JEST_NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim();
// Two jest workers: the test files are independent (each has its own database), and one
// worker leaves a core idle. JEST_WORKERS overrides it.
const JEST_WORKERS = process.env.JEST_WORKERS ?? "2";
// The Playwright server's port (playwright.config.ts), which also names its database folder.
const E2E_PORT = process.env.E2E_PORT ?? "3100";
const total = Date.now();
const totalCpu = cpuSeconds();
const timings = [];

/**
 * Wall time since `start`, and the CPU time all processes under this one used since
 * `cpuStart` (scripts/cpu-sampler.mjs; Linux only): other work on a shared machine stretches
 * a step's wall time, not its CPU time.
 */
function spent(start, cpuStart) {
  const cpu = cpuSeconds();
  return cpu === null || cpuStart === null ? elapsed(start) : `${elapsed(start)} (CPU ${(cpu - cpuStart).toFixed(1)} s)`;
}

async function step(name, fn) {
  const start = Date.now();
  const cpuStart = cpuSeconds();
  console.log(`\n=== ${name}`);
  await fn();
  timings.push(`${name}: ${spent(start, cpuStart)}`);
}

/**
 * Runs a command with its output kept, and prints the output in one piece when it ends, so
 * that commands running side by side do not interleave their lines.
 */
function runQuiet(name, command, args, options = {}) {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...options.env } });
    const chunks = [];
    child.stdout.on("data", (c) => chunks.push(c));
    child.stderr.on("data", (c) => chunks.push(c));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      console.log(`\n--- ${name} (${elapsed(start)})\n${Buffer.concat(chunks).toString("utf8").trimEnd()}`);
      timings.push(`  ${name}: ${elapsed(start)}`);
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Runs the tasks side by side; waits for all of them, then fails if any failed. */
async function sideBySide(tasks) {
  const results = await Promise.allSettled(tasks.map((task) => task()));
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length) throw new Error(failed.map((r) => r.reason?.message ?? String(r.reason)).join("\n"));
}

try {
  await step("dependencies", async () => {
    await ensureDependencies();
    await ensurePrismaClient();
  });
  // The e2e admin's credentials, shared by the database made below and the suite (playwright.config.ts).
  process.env.E2E_ADMIN_USERNAME ??= "e2e-admin";
  process.env.E2E_ADMIN_PASSWORD ??= `e2e-${randomBytes(24).toString("base64url")}`;
  await step("lint (eslint) beside production build (next build) then type-check (tsc), and the e2e database", () =>
    sideBySide([
      () => runQuiet("lint (eslint)", bin("eslint"), [".", "--max-warnings=0"]),
      async () => {
        // The build's own type-check is tsc over the same tsconfig.json: it runs once, next.
        await runQuiet("production build (next build)", bin("next"), ["build"], { env: { NEXT_BUILD_SKIP_TYPECHECK: "1" } });
        await runQuiet("type-check (tsc)", bin("tsc"), ["--noEmit", "-p", "."]);
      },
      // The Playwright server's database (migrated, seeded, the e2e admin), made while a core is free.
      () => runQuiet("e2e database (migrate, seed)", process.execPath, ["scripts/e2e-server.mjs", "--prepare"], { env: { PORT: E2E_PORT } }),
    ]),
  );
  await step("unit + integration tests (jest, embedded PGlite)", () =>
    run(bin("jest"), ["--ci", `--maxWorkers=${JEST_WORKERS}`], { env: { TEST_DATABASE_URL: "", NODE_OPTIONS: JEST_NODE_OPTIONS } }),
  );
  if (process.env.TEST_DATABASE_URL) {
    const files = Object.keys(JSON.parse(readFileSync(path.join(root, "tests", "postgres-pass.json"), "utf8")).files);
    await step(`integration tests that depend on the database engine (jest, PostgreSQL server, ${files.length} files)`, () =>
      run(bin("jest"), ["--ci", `--maxWorkers=${JEST_WORKERS}`, "--runTestsByPath", ...files], { env: { NODE_OPTIONS: JEST_NODE_OPTIONS } }),
    );
  }
  await step("end-to-end tests (Playwright, Chromium)", () => run(bin("playwright"), ["test"], { env: { E2E_DATABASE_PREPARED: E2E_PORT } }));
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  console.log(`\nTimings:\n  ${timings.join("\n  ")}`);
  process.exit(1);
}
console.log(`\nTimings:\n  ${timings.join("\n  ")}\nAll checks passed in ${spent(total, totalCpu)}.`);
