// `npm run app`: install what is missing, migrate and seed the database, build, serve.
import path from "node:path";
import { demoPaymentsEnv, startDemoPayments } from "./lib/demo-payments-launch.mjs";
import { bin, elapsed, ensureDependencies, ensurePrismaClient, root, run } from "./setup.mjs";

const start = Date.now();
process.env.NEXT_TELEMETRY_DISABLED = "1";

await ensureDependencies();
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
await ensurePrismaClient();
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
console.log("> Applying database migrations...");
await run(bin("tsx"), ["scripts/db.ts", "deploy"]);
console.log("> Seeding demo content (once)...");
await run(bin("tsx"), ["scripts/seed.ts"]);
console.log("> Building the app...");
await run(bin("next"), ["build"]);
if (demoPayments) await startDemoPayments(process.env);
console.log(`> Ready after ${elapsed(start)}. Serving http://localhost:${port}`);
console.log("> Staff pages: /admin/sign-in (create an admin first with `npm run admin:create`, app stopped).");
console.log("> Sign in as a subscriber at /sign-in; read the link at /dev/mail (demo mailbox).");
if (demoPayments) console.log("> Demo payments: every plan can be bought with card 4242 4242 4242 4242; no money moves.");
await run(process.execPath, ["scripts/serve.mjs", "-p", port]);

