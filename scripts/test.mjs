// `npm test`: every check, in order, failing fast: type-check, lint, unit and
// integration tests (jest, real database), production build, Playwright in Chromium.
// With TEST_DATABASE_URL set (a PostgreSQL server), the integration tests run a second
// time against it, so both database paths stay green.
import { bin, elapsed, ensureDependencies, ensurePrismaClient, run } from "./setup.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
// PGlite loads its WebAssembly through a dynamic import, which jest allows only with this flag.
const JEST_NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim();
const total = Date.now();
const timings = [];

async function step(name, fn) {
  const start = Date.now();
  console.log(`\n=== ${name}`);
  await fn();
  timings.push(`${name}: ${elapsed(start)}`);
}

try {
  await step("dependencies", async () => {
    await ensureDependencies();
    await ensurePrismaClient();
  });
  await step("type-check (tsc)", () => run(bin("tsc"), ["--noEmit", "-p", "."]));
  await step("lint (eslint)", () => run(bin("eslint"), [".", "--max-warnings=0"]));
  await step("unit + integration tests (jest, embedded PGlite)", () =>
    run(bin("jest"), ["--ci"], { env: { TEST_DATABASE_URL: "", NODE_OPTIONS: JEST_NODE_OPTIONS } }),
  );
  if (process.env.TEST_DATABASE_URL) {
    await step("integration tests (jest, PostgreSQL server)", () => run(bin("jest"), ["--ci", "tests/integration"], { env: { NODE_OPTIONS: JEST_NODE_OPTIONS } }));
  }
  await step("production build (next build)", () => run(bin("next"), ["build"]));
  await step("end-to-end tests (Playwright, Chromium)", () => run(bin("playwright"), ["test"]));
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  console.log(`\nTimings:\n  ${timings.join("\n  ")}`);
  process.exit(1);
}
console.log(`\nTimings:\n  ${timings.join("\n  ")}\nAll checks passed in ${elapsed(total)}.`);
