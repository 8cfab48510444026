import { EnvError, parseEnv } from "@/lib/env/schema";

// docs/security.md "Production cannot run in demo mode by accident": production cannot run in demo mode by accident.
const liveStripe = { STRIPE_SECRET_KEY: "sk_live_abc123", NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_live_abc123" };
const livePaypal = { PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_ENV: "live" };

describe("live payment keys and demo mode", () => {
  it("refuses live Stripe keys with demo mode on by default (embedded database), with a clear message", () => {
    expect(() => parseEnv(liveStripe)).toThrow(EnvError);
    expect(() => parseEnv(liveStripe)).toThrow(/EBOOK_DEMO_MODE: live payment keys .*set EBOOK_DEMO_MODE=false.*or EBOOK_DEMO_MODE=true/);
  });

  it("refuses PAYPAL_ENV=live with demo mode on by default", () => {
    expect(() => parseEnv(livePaypal)).toThrow(/EBOOK_DEMO_MODE: live payment keys/);
    expect(() => parseEnv({ PAYPAL_ENV: "live" })).toThrow(/EBOOK_DEMO_MODE: live payment keys/);
  });

  it("starts when demo mode is switched off or on explicitly", () => {
    expect(parseEnv({ ...liveStripe, EBOOK_DEMO_MODE: "false" }).ebookDemoMode).toBe(false);
    expect(parseEnv({ ...liveStripe, EBOOK_DEMO_MODE: "true" }).ebookDemoMode).toBe(true);
    expect(parseEnv({ ...livePaypal, EBOOK_DEMO_MODE: "false" }).ebookDemoMode).toBe(false);
  });

  it("starts with live keys on a database server (demo mode off by default)", () => {
    expect(parseEnv({ ...liveStripe, DATABASE_URL: "postgres://db/tw" }).ebookDemoMode).toBe(false);
  });

  it("keeps the demo defaults with test keys", () => {
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_abc" }).ebookDemoMode).toBe(true);
  });
});
