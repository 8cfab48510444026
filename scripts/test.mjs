// `npm test`: every check, failing fast: lint, production build and type-check, unit and
// integration tests (jest, real database), Playwright in Chromium. With TEST_DATABASE_URL set
// (a PostgreSQL server), the integration tests run a second time against it, so both
// database paths stay green.
//
// Time (README.md, "Tests"; docs/performance.md, "CI time"): the machine has few cores, so the steps
// that use one core each run side by side: eslint beside `next build` then tsc (tsc reads
// the route types the build writes in .next/types, so it runs after it), and jest runs its
// test files on two workers. The build comes before jest so that the integration tests that
// start the built server (tests/helpers/app-server.ts) run instead of skipping.
import { spawn } from "node:child_process";
import { bin, elapsed, ensureDependencies, ensurePrismaClient, root, run } from "./setup.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
// PGlite loads its WebAssembly through a dynamic import, which jest allows only with this flag.
const JEST_NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim();
// Two jest workers: the test files are independent (each has its own database), and one
// worker leaves a core idle. JEST_WORKERS overrides it.
const JEST_WORKERS = process.env.JEST_WORKERS ?? "2";
const total = Date.now();
const timings = [];

async function step(name, fn) {
  const start = Date.now();
  console.log(`\n=== ${name}`);
  await fn();
  timings.push(`${name}: ${elapsed(start)}`);
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
  await step("lint (eslint) beside production build (next build) then type-check (tsc)", () =>
    sideBySide([
      () => runQuiet("lint (eslint)", bin("eslint"), [".", "--max-warnings=0"]),
      async () => {
        await runQuiet("production build (next build)", bin("next"), ["build"], { env: { NEXT_BUILD_SKIP_TYPECHECK: "1" } });
        await runQuiet("type-check (tsc)", bin("tsc"), ["--noEmit", "-p", "."]);
      },
    ]),
  );
  await step("unit + integration tests (jest, embedded PGlite)", () =>
    run(bin("jest"), ["--ci", `--maxWorkers=${JEST_WORKERS}`], { env: { TEST_DATABASE_URL: "", NODE_OPTIONS: JEST_NODE_OPTIONS } }),
  );
  if (process.env.TEST_DATABASE_URL) {
    await step("integration tests (jest, PostgreSQL server)", () =>
      run(bin("jest"), ["--ci", `--maxWorkers=${JEST_WORKERS}`, "tests/integration"], { env: { NODE_OPTIONS: JEST_NODE_OPTIONS } }),
    );
  }
  await step("end-to-end tests (Playwright, Chromium)", () => run(bin("playwright"), ["test"]));
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  console.log(`\nTimings:\n  ${timings.join("\n  ")}`);
  process.exit(1);
}
console.log(`\nTimings:\n  ${timings.join("\n  ")}\nAll checks passed in ${elapsed(total)}.`);
