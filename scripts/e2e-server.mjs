// The server the Playwright suite runs against: a fresh embedded database, migrated and
// seeded, and the production build (`next build` must have run).
//
// `--prepare`: only make the database (fresh, migrated, seeded, with the e2e admin) and exit.
// `npm test` does that beside the build, where a core is free (docs/performance.md "CI time"),
// and starts the suite with E2E_DATABASE_PREPARED=<its port>, which serves that database as it
// is. A server on another port (e2e/demo-payments.spec.ts starts one) makes its own.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { demoPaymentsEnv, startDemoPayments } from "./lib/demo-payments-launch.mjs";
import { bin, root, run } from "./setup.mjs";

// Ports and data directory follow PORT, so two runs (e.g. two developers' builds in
// separate NEXT_DIST_DIRs) can run side by side: provider doubles on PORT+91 and PORT+92,
// the government API stand-in on PORT+99.
const port = Number(process.env.PORT ?? 3100);
const dataDir = path.join(root, ".data", port === 3100 ? "e2e-pglite" : `e2e-pglite-${port}`);
const prepareOnly = process.argv.includes("--prepare");
const prepared = !prepareOnly && process.env.E2E_DATABASE_PREPARED === String(port);
// Economic data: no refresh timer; the cron route (used by e2e/dashboard.spec.ts) calls the
// local stand-in for the BLS and Federal Register APIs that the spec starts on this port.
const fakeGov = `http://127.0.0.1:${process.env.E2E_FAKE_GOV_PORT ?? port + 99}`;
const env = {
  PGLITE_DATA_DIR: dataDir,
  NEXT_TELEMETRY_DISABLED: "1",
  ECONOMIC_REFRESH_INTERVAL_MINUTES: "0",
  // No HTS revision import timer: the USITC service is not reachable from a test run.
  HTS_IMPORT_INTERVAL_MINUTES: "0",
  CRON_SECRET: "e2e-cron-secret-for-tests-only",
  // e2e/alert-countdown.spec.ts runs the nightly alert evaluation on a given day (X-Job-Clock).
  CRON_JOB_CLOCK: "1",
  // The suite stands where a proxy of ours would: e2e/helpers.ts clientHeaders gives each
  // test's API sign-ins their own client address, so the per-client sign-in limit is met only
  // by the tests that aim at it. Requests with no X-Forwarded-For keep the socket address.
  TRUSTED_PROXY_HOPS: "1",
  BLS_API_URL: `${fakeGov}/publicAPI/v2/timeseries/data/`,
  FEDERAL_REGISTER_API_URL: `${fakeGov}/api/v1/documents.json`,
  // Payments in test mode against the local Stripe and PayPal doubles started below.
  STRIPE_SECRET_KEY: "sk_test_e2e",
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e",
  STRIPE_API_URL: `http://127.0.0.1:${port + 91}`,
  PAYPAL_CLIENT_ID: "e2e-client-id",
  PAYPAL_CLIENT_SECRET: "e2e-client-secret",
  PAYPAL_ENV: "sandbox",
  PAYPAL_API_URL: `http://127.0.0.1:${port + 92}`,
  // Monthly wallet plans: the fake PayPal seeds these billing plans at start
  // (tests/helpers/fake-paypal.ts, from PAYPAL_PLAN_*), so the wallet subscribes.
  PAYPAL_PLAN_CONSUMER: "P-E2ECONSUMERPLAN",
  PAYPAL_PLAN_PROFESSIONAL: "P-E2EPROFESSIONALPLAN",
  MANUAL_PAY_VENMO: "TariffWatch-E2E",
  MANUAL_PAY_CASHAPP: "$TariffWatchE2E",
  MANUAL_PAY_ZELLE: "payments@tariffwatch.example",
  // The demo mailbox (/dev/mail, e2e/sign-in.spec.ts) needs no email provider and demo mode:
  // never deliver from a test run, even with a key exported in the shell.
  RESEND_API_KEY: "",
  EBOOK_DEMO_MODE: "true",
};
delete process.env.DATABASE_URL;
// E2E_DEMO_PAYMENTS=1 (e2e/demo-payments.spec.ts): the app as `npm run app` starts it in demo
// mode with no payment keys (docs/billing.md "Demo payments"): no provider doubles and no
// manual payment apps, the demo payment server on PORT+91 instead.
const demoPayments = process.env.E2E_DEMO_PAYMENTS === "1";
if (demoPayments) {
  const paymentKey = /^(STRIPE_|NEXT_PUBLIC_STRIPE_|PAYPAL_|MANUAL_PAY_)/;
  for (const vars of [env, process.env]) for (const key of Object.keys(vars)) if (paymentKey.test(key)) delete vars[key];
  const tsx = await import("tsx/cjs/api");
  const { demoPaymentsWanted } = tsx.require("../lib/env/payments.ts", import.meta.url);
  if (!demoPaymentsWanted(env)) throw new Error("demo payments would not turn on with this environment");
  Object.assign(env, demoPaymentsEnv(port), { DEMO_PAYMENTS_STATE: path.join(`${dataDir}-demo-payments`, "state.json") });
  if (!prepared) rmSync(`${dataDir}-demo-payments`, { recursive: true, force: true });
}
if (!prepared) {
  rmSync(dataDir, { recursive: true, force: true });
  await run(bin("tsx"), ["scripts/db.ts", "deploy"], { env });
  await run(bin("tsx"), ["scripts/seed.ts"], { env });
  // The admin e2e/admin.spec.ts signs in as (playwright.config.ts sets a random password per run).
  if (process.env.E2E_ADMIN_PASSWORD) {
    await run(bin("tsx"), ["scripts/admin-create.ts"], {
      env: { ...env, ADMIN_USERNAME: process.env.E2E_ADMIN_USERNAME ?? "e2e-admin", ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD },
    });
  }
}
if (prepareOnly) process.exit(0);
// The provider doubles live as long as this process (they stop when it disconnects).
if (demoPayments) await startDemoPayments({ ...process.env, ...env });
else {
  spawn(bin("tsx"), ["tests/helpers/fake-providers-cli.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, ...env, FAKE_STRIPE_PORT: String(port + 91), FAKE_PAYPAL_PORT: String(port + 92) },
  });
}
await run(process.execPath, ["scripts/serve.mjs", "-p", String(port), "-H", "127.0.0.1"], { env });
