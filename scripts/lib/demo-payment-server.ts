import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { startFakeStripe, type FakeStripe } from "../../tests/helpers/fake-stripe";

/**
 * The demo payment server (docs/billing.md "Demo payments"), started by scripts/demo-payments.ts
 * beside `npm run app`. It is the Stripe double the test suites trust
 * (tests/helpers/fake-stripe.ts: Stripe's wire format, form bodies under /v1, idempotency keys,
 * Stripe's errors and test cards), with:
 * - webhook delivery: every event it makes is sent to the app's /api/webhooks/stripe, signed
 *   with the endpoint secret exactly as Stripe signs (t=...,v1=HMAC-SHA256, the SDK's test
 *   header), in order, retried with backoff while the app does not answer;
 * - the stand-in of Stripe.js the checkout loads in demo mode (GET /demo/stripe.js: the same
 *   file the browser tests serve in place of js.stripe.com);
 * - its customers, prices, subscriptions and payments kept in a file, so a plan bought before
 *   a restart can still be cancelled or resumed after it.
 */
type Obj = Record<string, unknown>;

export type WebhookPost = (payload: string, headers: Record<string, string>) => Promise<{ ok: boolean; status: number; text: () => Promise<string> }>;

export type DemoPaymentServerOptions = {
  port?: number;
  /** The webhook endpoint's signing secret (whsec_...), the app's STRIPE_WEBHOOK_SECRET. */
  secret: string;
  /** Sends one signed event to the app (a fetch to its /api/webhooks/stripe). */
  post: WebhookPost;
  /** Where the state is kept between runs; none = memory only. */
  stateFile?: string;
  /** Retry schedule: first wait and the total time before giving up (Stripe retries for days; a demo for minutes). */
  retry?: { firstMs: number; totalMs: number };
  log?: (message: string) => void;
};

export type DemoPaymentServer = { stripe: FakeStripe; url: string; idle: () => Promise<void>; save: () => void; close: () => Promise<void> };

const STAND_IN = path.resolve(__dirname, "..", "..", "e2e", "doubles", "stripe-v3.js");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startDemoPaymentServer(options: DemoPaymentServerOptions): Promise<DemoPaymentServer> {
  const { secret, post, stateFile } = options;
  const retry = options.retry ?? { firstMs: 1_000, totalMs: 300_000 };
  const log = options.log ?? ((message: string) => console.error(`> demo payments: ${message}`));
  if (!/^whsec_\w+$/.test(secret)) throw new Error("the webhook signing secret (whsec_...) is required to sign the webhooks");
  const signer = new Stripe("sk_test_demo_payments_signer");
  const standIn = readFileSync(STAND_IN, "utf8");
  const queue: Obj[] = [];
  let draining: Promise<void> | null = null;

  async function deliver(event: Obj): Promise<void> {
    const payload = JSON.stringify(event);
    for (let attempt = 0, wait = retry.firstMs, waited = 0; ; attempt++) {
      try {
        // Signed at each attempt: the app refuses a signature older than five minutes.
        const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
        const response = await post(payload, { "Content-Type": "application/json", "Stripe-Signature": signature });
        if (response.ok) return;
        if (response.status < 500 && response.status !== 429) {
          log(`the app refused ${String(event.type)} ${String(event.id)} (${response.status}): ${await response.text()}`);
          return;
        }
      } catch {
        // The app is not answering yet: try again.
      }
      if (waited >= retry.totalMs) {
        log(`gave up delivering ${String(event.type)} ${String(event.id)}`);
        return;
      }
      if (attempt === 2) log(`still trying to deliver ${String(event.type)} to the app`);
      await sleep(wait);
      waited += wait;
      wait = Math.min(wait * 2, 30_000);
    }
  }

  const drain = (): Promise<void> =>
    (draining ??= (async () => {
      while (queue.length) await deliver(queue.shift()!);
      draining = null;
    })());

  const stripe = await startFakeStripe(options.port ?? 0, {
    apiVersion: Stripe.API_VERSION,
    onEvent: (event) => {
      queue.push(event);
      void drain();
    },
    extra: (req, url) =>
      req.method === "GET" && url.pathname === "/demo/stripe.js"
        ? { status: 200, body: null, raw: standIn, headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" } }
        : null,
  });

  const stores = { customers: stripe.customers, prices: stripe.prices, subscriptions: stripe.subscriptions, paymentIntents: stripe.paymentIntents };
  if (stateFile && existsSync(stateFile)) {
    try {
      const saved = JSON.parse(readFileSync(stateFile, "utf8")) as Record<string, [string, Obj][]>;
      for (const [name, store] of Object.entries(stores)) for (const [key, value] of saved[name] ?? []) store.set(key, value);
    } catch (error) {
      log(`could not read ${stateFile}, starting empty: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  let savedAt = -1;
  const save = () => {
    if (!stateFile || stripe.requests.length === savedAt) return;
    savedAt = stripe.requests.length;
    mkdirSync(path.dirname(stateFile), { recursive: true });
    const snapshot = Object.fromEntries(Object.entries(stores).map(([name, store]) => [name, [...store.entries()]]));
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(snapshot));
    renameSync(`${stateFile}.tmp`, stateFile);
  };
  const timer = setInterval(save, 1_000);
  timer.unref();

  return {
    stripe,
    url: stripe.url,
    /** Resolves when every event made so far has been delivered (or given up). */
    idle: async () => {
      while (draining || queue.length) await (draining ?? drain());
    },
    save,
    close: async () => {
      clearInterval(timer);
      save();
      await stripe.close();
    },
  };
}
