import { demoPaymentsWanted, isLoopbackUrl } from "@/lib/env/payments";
import { EnvError, parseEnv } from "@/lib/env/schema";

/**
 * Demo payments can never be on with live keys (docs/billing.md "Demo payments"): the app
 * refuses to start, naming DEMO_PAYMENTS; `npm run app` turns them on only in demo mode with
 * no payment key at all.
 */
const demo = {
  DEMO_PAYMENTS: "true",
  STRIPE_SECRET_KEY: "sk_test_demo_payments",
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_demo_payments",
  STRIPE_WEBHOOK_SECRET: "whsec_demo123",
  STRIPE_API_URL: "http://127.0.0.1:3091",
};

describe("DEMO_PAYMENTS at start", () => {
  it("starts in demo mode against the local demo payment server", () => {
    expect(parseEnv(demo).demoPayments).toBe(true);
    expect(parseEnv({ ...demo, DATABASE_URL: "postgres://db/tw", EBOOK_DEMO_MODE: "true" }).demoPayments).toBe(true);
    expect(parseEnv({ ...demo, DEMO_PAYMENTS: undefined }).demoPayments).toBe(false);
  });

  it("refuses to start with live Stripe keys or PayPal live, naming DEMO_PAYMENTS", () => {
    const live = { ...demo, STRIPE_SECRET_KEY: "sk_live_abc", NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_live_abc", EBOOK_DEMO_MODE: "true" };
    expect(() => parseEnv(live)).toThrow(EnvError);
    expect(() => parseEnv(live)).toThrow(/DEMO_PAYMENTS: demo payments cannot run with live payment keys/);
    expect(() => parseEnv({ ...demo, PAYPAL_ENV: "live", EBOOK_DEMO_MODE: "true" })).toThrow(/DEMO_PAYMENTS: demo payments cannot run with live payment keys/);
  });

  it("refuses to start outside demo mode or against a provider that is not this machine", () => {
    expect(() => parseEnv({ ...demo, DATABASE_URL: "postgres://db/tw" })).toThrow(/DEMO_PAYMENTS: demo payments need demo mode/);
    expect(() => parseEnv({ ...demo, EBOOK_DEMO_MODE: "false" })).toThrow(/DEMO_PAYMENTS: demo payments need demo mode/);
    expect(() => parseEnv({ ...demo, STRIPE_API_URL: "https://api.stripe.com" })).toThrow(/DEMO_PAYMENTS: demo payments need STRIPE_API_URL on this machine/);
    expect(() => parseEnv({ ...demo, STRIPE_API_URL: undefined })).toThrow(/STRIPE_API_URL on this machine/);
    expect(() => parseEnv({ ...demo, PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_API_URL: "https://api-m.sandbox.paypal.com" })).toThrow(
      /PAYPAL_API_URL on this machine/,
    );
  });

  it("knows this machine's addresses", () => {
    for (const url of ["http://127.0.0.1:3091", "http://localhost:4591", "http://[::1]:3091", "http://127.1.2.3"]) expect([url, isLoopbackUrl(url)]).toEqual([url, true]);
    for (const url of ["https://api.stripe.com", "http://10.0.0.5:3091", "http://127.0.0.1.evil.example", "not a url", undefined]) {
      expect([url, isLoopbackUrl(url)]).toEqual([url, false]);
    }
  });
});

describe("npm run app turns demo payments on", () => {
  it("in demo mode with no payment key", () => {
    expect(demoPaymentsWanted({})).toBe(true);
    expect(demoPaymentsWanted({ EBOOK_DEMO_MODE: "true", DATABASE_URL: "postgres://db/tw" })).toBe(true);
  });

  it("never with a key of either provider, outside demo mode, or when switched off", () => {
    expect(demoPaymentsWanted({ STRIPE_SECRET_KEY: "sk_test_abc", NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_abc" })).toBe(false);
    expect(demoPaymentsWanted({ STRIPE_SECRET_KEY: "sk_live_abc" })).toBe(false);
    expect(demoPaymentsWanted({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s" })).toBe(false);
    expect(demoPaymentsWanted({ PAYPAL_ENV: "live" })).toBe(false);
    expect(demoPaymentsWanted({ DATABASE_URL: "postgres://db/tw" })).toBe(false);
    expect(demoPaymentsWanted({ EBOOK_DEMO_MODE: "false" })).toBe(false);
    expect(demoPaymentsWanted({ DEMO_PAYMENTS: "false" })).toBe(false);
  });
});
