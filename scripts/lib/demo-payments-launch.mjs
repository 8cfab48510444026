// Demo payments for a local server (docs/billing.md "Demo payments"): the variables that
// point the app at the local demo payment server, and the server itself. Used by
// `npm run app` (scripts/app.mjs) and by the demo-mode browser test server
// (scripts/e2e-server.mjs with E2E_DEMO_PAYMENTS=1), so both start it the same way.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The variables the app is started with: test keys, a fresh webhook secret, and the demo
 * server's address (app port + 91 unless DEMO_STRIPE_PORT names one). lib/env/payments.ts
 * refuses them with live keys or outside demo mode.
 */
export function demoPaymentsEnv(appPort, stripePort = Number(process.env.DEMO_STRIPE_PORT || Number(appPort) + 91)) {
  return {
    DEMO_PAYMENTS: "true",
    STRIPE_SECRET_KEY: "sk_test_demo_payments",
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_demo_payments",
    STRIPE_WEBHOOK_SECRET: `whsec_demo${randomBytes(16).toString("hex")}`,
    STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
    DEMO_STRIPE_PORT: String(stripePort),
    DEMO_WEBHOOK_URL: `http://127.0.0.1:${appPort}/api/webhooks/stripe`,
  };
}

/**
 * Starts scripts/demo-payments.ts with `env` (it stops when this process does) and resolves
 * once it listens; rejects if it stops first (its port taken, for one).
 */
export function startDemoPayments(env) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, "scripts", "demo-payments.ts"), [], {
      cwd: root,
      env,
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("message", (message) => (message && message.ready ? resolve(child) : undefined));
    child.once("exit", (code) => reject(new Error(`the demo payment server stopped (exit ${code}); is port ${env.DEMO_STRIPE_PORT} free?`)));
  });
}
