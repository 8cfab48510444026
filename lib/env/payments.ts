import { z } from "zod";
import { optionalString, stripSlash } from "./shared";

/** Payments (docs/billing.md): cards through Stripe, the PayPal wallet, manual payment apps. */
export const paymentsSchema = z.object({
  // --- Cards (Stripe) ---
  STRIPE_SECRET_KEY: optionalString.pipe(
    z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_... or sk_live_...)").optional(),
  ),
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
    z.string().regex(/^pk_(test|live)_\w+$/, "must be a Stripe publishable key (pk_test_... or pk_live_...)").optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z.string().regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_...)").optional(),
  ),
  /** Only for tests and local doubles: where the Stripe SDK sends its calls (default Stripe's API). */
  STRIPE_API_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),

  // --- Wallet (PayPal) ---
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_ENV: optionalString.pipe(z.enum(["sandbox", "live"], { error: 'must be "sandbox" or "live"' }).optional()),
  PAYPAL_WEBHOOK_ID: optionalString,
  /** PayPal billing plan ids of the monthly wallet plans (`npm run paypal:setup` prints them). */
  PAYPAL_PLAN_CONSUMER: optionalString,
  PAYPAL_PLAN_PROFESSIONAL: optionalString,
  /** Only for tests and local doubles: PayPal's REST base URL (default from PAYPAL_ENV). */
  PAYPAL_API_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),

  // --- Demo payments (docs/billing.md "Demo payments") ---
  /**
   * "true": the payment keys and URLs above point at the local demo payment server that
   * `npm run app` starts (scripts/demo-payments.ts); checkouts say "demo payment: no money
   * moves". Set by `npm run app` when demo mode is on and no payment key is set; refused
   * with live keys, outside demo mode, or with a provider URL that is not this machine.
   */
  DEMO_PAYMENTS: optionalString.pipe(z.enum(["true", "false"], { error: 'must be "true" or "false"' }).optional()),

  // --- Manual payment apps shown when the wallet is unavailable ---
  MANUAL_PAY_VENMO: optionalString,
  MANUAL_PAY_CASHAPP: optionalString.pipe(z.string().regex(/^\$\w+$/, "must be a $cashtag, e.g. $TariffWatch").optional()),
  MANUAL_PAY_ZELLE: optionalString,
});

export type PaymentsVars = z.infer<typeof paymentsSchema>;

/** True for an http(s) URL on this machine (127.0.0.0/8, localhost, ::1): where the demo payment server listens. */
export function isLoopbackUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const { hostname } = new URL(url);
    return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
  } catch {
    return false;
  }
}

type DemoInputs = Pick<PaymentsVars, "STRIPE_SECRET_KEY" | "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY" | "PAYPAL_CLIENT_ID" | "PAYPAL_CLIENT_SECRET" | "PAYPAL_ENV"> & {
  DATABASE_URL?: string;
  EBOOK_DEMO_MODE?: string;
};

const hasLiveKeys = (v: DemoInputs) =>
  /_live_/.test(v.STRIPE_SECRET_KEY ?? "") || /_live_/.test(v.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? "") || v.PAYPAL_ENV === "live";

/** Demo mode (the e-book's switch: on by default with the embedded database, off with DATABASE_URL). */
const demoModeOn = (v: DemoInputs) => (v.EBOOK_DEMO_MODE ? v.EBOOK_DEMO_MODE === "true" : !v.DATABASE_URL);

/**
 * Whether `npm run app` starts the local demo payment server and points the app at it
 * (docs/billing.md "Demo payments"): demo mode is on, no payment key of either provider is
 * set, and DEMO_PAYMENTS is not "false". Takes the raw variables (scripts/app.mjs calls it
 * after loading the .env files the way Next does).
 */
export function demoPaymentsWanted(raw: Record<string, string | undefined>): boolean {
  const v = raw as DemoInputs & { DEMO_PAYMENTS?: string };
  const anyKey = [v.STRIPE_SECRET_KEY, v.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, v.PAYPAL_CLIENT_ID, v.PAYPAL_CLIENT_SECRET].some((k) => k?.trim());
  return v.DEMO_PAYMENTS !== "false" && demoModeOn(v) && !anyKey && !hasLiveKeys(v);
}

/** Keys come in pairs: half a pair is a configuration mistake, not "payments off". */
export function checkPayments(v: PaymentsVars & { DATABASE_URL?: string; EBOOK_DEMO_MODE?: string }, problems: string[]): void {
  checkDemoPayments(v, problems);
  if (Boolean(v.STRIPE_SECRET_KEY) !== Boolean(v.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY)) {
    problems.push(
      v.STRIPE_SECRET_KEY
        ? "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set"
        : "STRIPE_SECRET_KEY: is required when NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY is set",
    );
  }
  if (v.STRIPE_SECRET_KEY && v.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY) {
    const secretLive = /_live_/.test(v.STRIPE_SECRET_KEY);
    if (secretLive !== /_live_/.test(v.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY)) {
      problems.push("NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: live and test keys are mixed with STRIPE_SECRET_KEY");
    }
  }
  if (Boolean(v.PAYPAL_CLIENT_ID) !== Boolean(v.PAYPAL_CLIENT_SECRET)) {
    problems.push(
      v.PAYPAL_CLIENT_ID
        ? "PAYPAL_CLIENT_SECRET: is required when PAYPAL_CLIENT_ID is set"
        : "PAYPAL_CLIENT_ID: is required when PAYPAL_CLIENT_SECRET is set",
    );
  }
  // docs/security.md "Production cannot run in demo mode by accident": with live payment keys, demo mode (every chapter unlocked, the demo
  // mailbox at /dev/mail showing every message) is never on by default: it must be named.
  if (hasLiveKeys(v) && !v.EBOOK_DEMO_MODE && !v.DATABASE_URL) {
    problems.push(
      "EBOOK_DEMO_MODE: live payment keys are set (sk_live_/pk_live_ or PAYPAL_ENV=live) and demo mode would be on by default " +
        "(embedded database: every e-book chapter unlocked, the demo mailbox /dev/mail open). " +
        "For a real shop set EBOOK_DEMO_MODE=false, or EBOOK_DEMO_MODE=true to run the demo with live keys on purpose",
    );
  }
}

/**
 * Demo payments are never on with live keys, outside demo mode, or against a provider that
 * is not the local demo payment server: the app refuses to start instead (docs/billing.md
 * "Demo payments").
 */
function checkDemoPayments(v: PaymentsVars & DemoInputs, problems: string[]): void {
  if (v.DEMO_PAYMENTS !== "true") return;
  if (hasLiveKeys(v)) {
    problems.push(
      "DEMO_PAYMENTS: demo payments cannot run with live payment keys (sk_live_/pk_live_ or PAYPAL_ENV=live): " +
        "checkouts would say no money moves while a real provider charges. Unset DEMO_PAYMENTS, or use test keys",
    );
  }
  if (!demoModeOn(v)) problems.push("DEMO_PAYMENTS: demo payments need demo mode (the embedded database, or EBOOK_DEMO_MODE=true)");
  if (!v.STRIPE_SECRET_KEY || !isLoopbackUrl(v.STRIPE_API_URL)) {
    problems.push("DEMO_PAYMENTS: demo payments need STRIPE_API_URL on this machine (the local demo payment server `npm run app` starts)");
  }
  if (v.PAYPAL_CLIENT_ID && !isLoopbackUrl(v.PAYPAL_API_URL)) {
    problems.push("DEMO_PAYMENTS: demo payments need PAYPAL_API_URL on this machine (the local demo payment server `npm run app` starts)");
  }
}

export function paymentsSettings(v: PaymentsVars) {
  const paypalEnv = v.PAYPAL_ENV ?? "sandbox";
  return {
    stripe:
      v.STRIPE_SECRET_KEY && v.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: v.STRIPE_SECRET_KEY,
            publishableKey: v.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY,
            webhookSecret: v.STRIPE_WEBHOOK_SECRET,
            apiUrl: v.STRIPE_API_URL,
            live: /_live_/.test(v.STRIPE_SECRET_KEY),
          }
        : null,
    paypal:
      v.PAYPAL_CLIENT_ID && v.PAYPAL_CLIENT_SECRET
        ? {
            clientId: v.PAYPAL_CLIENT_ID,
            clientSecret: v.PAYPAL_CLIENT_SECRET,
            env: paypalEnv,
            webhookId: v.PAYPAL_WEBHOOK_ID,
            /** Billing plan ids of the monthly wallet plans; a plan without one has no wallet subscription. */
            plans: { consumer: v.PAYPAL_PLAN_CONSUMER, professional: v.PAYPAL_PLAN_PROFESSIONAL },
            apiUrl: stripSlash(v.PAYPAL_API_URL ?? (paypalEnv === "live" ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com")),
          }
        : null,
    manualPay: { venmo: v.MANUAL_PAY_VENMO, cashApp: v.MANUAL_PAY_CASHAPP, zelle: v.MANUAL_PAY_ZELLE },
    /** Checkouts run against the local demo payment server: "demo payment: no money moves" (checkDemoPayments holds the rest). */
    demoPayments: v.DEMO_PAYMENTS === "true",
  };
}

export type PaymentsSettings = ReturnType<typeof paymentsSettings>;
