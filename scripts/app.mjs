// `npm run app`: install what is missing, migrate and seed the database, build, serve.
import path from "node:path";
import { demoPaymentsEnv, startDemoPayments } from "./lib/demo-payments-launch.mjs";
import { bin, childrenCpuSeconds, elapsed, ensureDependencies, ensurePrismaClient, root, run } from "./setup.mjs";
import { SERVER_NODE_FLAGS } from "./server-heap.mjs";

const start = Date.now();
process.env.NEXT_TELEMETRY_DISABLED = "1";

/** Runs a step and says how long it took, wall and CPU (scripts/bench/start-time.mjs reads these lines). */
async function step(name, fn) {
  const t = Date.now();
  const cpu = childrenCpuSeconds();
  await fn();
  const used = childrenCpuSeconds();
  console.log(`> ${name} done in ${elapsed(t)}${cpu === null || used === null ? "" : ` (CPU ${(used - cpu).toFixed(1)} s)`}`);
}

await step("Dependencies", () => ensureDependencies({ app: true }));
// One `npm run app` per folder: taken before anything is built, so a second start says so
// and exits instead of rebuilding .next under the running server; a crashed run's lock
// (kill -9, a reboot, another hostname) is recognised as stale (lib/db/pglite-lock.ts).
const tsx = await import("tsx/cjs/api");
const { lockAppRun } = tsx.require("../lib/db/pglite-lock.ts", import.meta.url);
try {
  lockAppRun(path.join(root, ".data"));
} catch (error) {
  if (error?.name === "AppAlreadyRunningError") {
    console.error(`> ${error.message}`);
    process.exit(1);
  }
  throw error;
}
await step("Prisma client", ensurePrismaClient);
const port = process.env.PORT || "3000";
// Demo payments (docs/billing.md "Demo payments"): in demo mode with no payment key, in the
// environment or in the .env files Next reads, a local payment server that speaks Stripe's
// API takes the payments and the app is given test keys and its address. The app refuses
// to start with DEMO_PAYMENTS=true and live keys (lib/env/payments.ts).
const { default: nextEnv } = await import("@next/env");
nextEnv.loadEnvConfig(root, false, { info: () => {}, error: console.error });
const { demoPaymentsWanted } = tsx.require("../lib/env/payments.ts", import.meta.url);
const demoPayments = demoPaymentsWanted(process.env);
if (demoPayments) Object.assign(process.env, demoPaymentsEnv(port));
// The database and the build side by side: the build never opens the database (no database
// work at import time or in prerendered pages), so neither waits for the other. The build
// skips Next's own type check (NEXT_BUILD_SKIP_TYPECHECK, next.config.mjs): `npm test` runs
// tsc over the same code, and a start is not the place to repeat it (docs/performance.md,
// "Start time").
console.log("> Applying database migrations and seeding demo content (once), beside the build...");
await step("Database (migrations, then seed) beside the build", () =>
  Promise.all([
    (async () => {
      await run(bin("tsx"), ["scripts/db.ts", "deploy"]);
      await run(bin("tsx"), ["scripts/seed.ts"]);
    })(),
    run(bin("next"), ["build"], { env: { NEXT_BUILD_SKIP_TYPECHECK: "1" } }),
  ]),
);
const demoPaymentServer = demoPayments ? await startDemoPayments(process.env) : null;
console.log(`> Ready after ${elapsed(start)}. Serving http://localhost:${port}`);
console.log("> Staff pages: /admin/sign-in (create an admin first with `npm run admin:create`, app stopped).");
console.log("> Sign in as a subscriber at /sign-in; read the link at /dev/mail (demo mailbox).");
if (demoPayments) console.log("> Demo payments: every plan can be bought with card 4242 4242 4242 4242; no money moves.");
try {
  await run(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", "-p", port]);
} finally {
  // The demo payment server stops with the app (a stopped server alone left this process running).
  demoPaymentServer?.kill();
}

