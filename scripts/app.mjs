// `npm run app`: install what is missing, migrate and seed the database, build, serve.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { bin, elapsed, ensureDependencies, ensurePrismaClient, root, run } from "./setup.mjs";

const start = Date.now();
process.env.NEXT_TELEMETRY_DISABLED = "1";

await ensureDependencies();
// One `npm run app` per folder: taken before anything is built, so a second start says so
// and exits instead of rebuilding .next under the running server; a crashed run's lock
// (kill -9, a reboot, another hostname) is recognised as stale (lib/db/tools/pglite-lock.ts).
const tsx = await import("tsx/cjs/api");
const { lockAppRun } = tsx.require("../lib/db/tools/pglite-lock.ts", import.meta.url);
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
if (demoPayments) {
  const stripePort = Number(process.env.DEMO_STRIPE_PORT || Number(port) + 91);
  Object.assign(process.env, {
    DEMO_PAYMENTS: "true",
    STRIPE_SECRET_KEY: "sk_test_demo_payments",
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_demo_payments",
    STRIPE_WEBHOOK_SECRET: `whsec_demo${randomBytes(16).toString("hex")}`,
    STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
    DEMO_STRIPE_PORT: String(stripePort),
    DEMO_WEBHOOK_URL: `http://127.0.0.1:${port}/api/webhooks/stripe`,
  });
}
console.log("> Applying database migrations...");
await run(bin("tsx"), ["scripts/db.ts", "deploy"]);
console.log("> Seeding demo content (once)...");
await run(bin("tsx"), ["scripts/seed.ts"]);
console.log("> Building the app...");
await run(bin("next"), ["build"]);
if (demoPayments) await startDemoPayments();
console.log(`> Ready after ${elapsed(start)}. Serving http://localhost:${port}`);
console.log("> Staff pages: /admin/sign-in (create an admin first with `npm run admin:create`, app stopped).");
console.log("> Sign in as a subscriber at /sign-in; read the link at /dev/mail (demo mailbox).");
if (demoPayments) console.log("> Demo payments: every plan can be bought with card 4242 4242 4242 4242; no money moves.");
await run(process.execPath, ["scripts/serve.mjs", "-p", port]);

/** Starts scripts/demo-payments.ts beside the app (it stops with this process) and waits until it listens. */
function startDemoPayments() {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, "scripts", "demo-payments.ts"), [], {
      cwd: root,
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("message", (message) => (message && message.ready ? resolve() : undefined));
    child.once("exit", (code) => reject(new Error(`the demo payment server stopped (exit ${code}); is port ${process.env.DEMO_STRIPE_PORT} free?`)));
  });
}
