import { formatTrialDate, trialEndDate } from "@/lib/trials/trials";
import { EnvError, parseEnv } from "@/lib/env/schema";

describe("trial dates", () => {
  it("ends a trial exactly 7 days after it starts", () => {
    const start = new Date("2026-11-21T15:30:00.000Z");
    expect(trialEndDate(start).toISOString()).toBe("2026-11-28T15:30:00.000Z");
  });

  it("spans a month end and a DST change by elapsed time", () => {
    expect(trialEndDate(new Date("2026-10-29T12:00:00.000Z")).toISOString()).toBe("2026-11-05T12:00:00.000Z");
  });

  it("formats the end date for people", () => {
    expect(formatTrialDate(new Date("2026-11-28T15:30:00.000Z"))).toBe("Saturday, November 28, 2026");
  });
});

describe("environment", () => {
  it("has working defaults with nothing set", () => {
    const env = parseEnv({});
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.RATE_LIMIT_ENABLED).toBe(true);
  });

  it("without SITE_URL, links name the port the app serves on (PORT=4000 npm run app)", () => {
    expect(parseEnv({ PORT: "4000" }).SITE_URL).toBe("http://localhost:4000");
    expect(parseEnv({ PORT: "4000", SITE_URL: "https://tariffwatch.example/" }).SITE_URL).toBe("https://tariffwatch.example");
    expect(() => parseEnv({ PORT: "http" })).toThrow(/PORT: must be a port number/);
    const saved = { port: process.env.PORT, site: process.env.SITE_URL };
    process.env.PORT = "4000";
    delete process.env.SITE_URL;
    try {
      jest.isolateModules(() => {
        const { default: sitemap } = jest.requireActual<typeof import("@/app/sitemap")>("@/app/sitemap");
        for (const entry of sitemap()) expect(entry.url).toMatch(/^http:\/\/localhost:4000(\/|$)/);
      });
    } finally {
      if (saved.port === undefined) delete process.env.PORT;
      else process.env.PORT = saved.port;
      if (saved.site !== undefined) process.env.SITE_URL = saved.site;
    }
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SITE_URL: " " }).DATABASE_URL).toBeUndefined();
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(EnvError);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres:\/\//);
    expect(() => parseEnv({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => parseEnv({ RATE_LIMIT_ENABLED: "maybe" })).toThrow(/RATE_LIMIT_ENABLED/);
  });
});

describe("payment environment", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_test_abc123", NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_abc123" };

  it("leaves payments off when no keys are set", () => {
    const env = parseEnv({});
    expect(env.stripe).toBeNull();
    expect(env.paypal).toBeNull();
  });

  it("checks Stripe key prefixes and names the variable", () => {
    expect(() => parseEnv({ ...stripe, STRIPE_SECRET_KEY: "pk_test_x" })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => parseEnv({ ...stripe, NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "sk_test_x" })).toThrow(/NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY/);
    expect(() => parseEnv({ ...stripe, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret/);
  });

  it("refuses half a key pair and mixed live/test keys", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: is required/);
    expect(() => parseEnv({ ...stripe, STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(/live and test keys are mixed/);
    expect(() => parseEnv({ PAYPAL_CLIENT_ID: "id" })).toThrow(/PAYPAL_CLIENT_SECRET: is required/);
    expect(() => parseEnv({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_ENV: "prod" })).toThrow(/PAYPAL_ENV/);
  });

  it("derives the PayPal API from PAYPAL_ENV", () => {
    expect(parseEnv({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s" }).paypal?.apiUrl).toBe("https://api-m.sandbox.paypal.com");
    expect(parseEnv({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_ENV: "live", EBOOK_DEMO_MODE: "false" }).paypal?.apiUrl).toBe("https://api-m.paypal.com");
    expect(parseEnv({ ...stripe }).stripe).toMatchObject({ live: false, publishableKey: "pk_test_abc123" });
  });
});

describe("secrets in a real deployment", () => {
  const secret = "x".repeat(40);
  it("requires the signing secrets in production with a database server, naming each", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/tw" })).toThrow(
      /NEXTAUTH_SECRET: is required in production[\s\S]*UNSUBSCRIBE_SECRET: is required[\s\S]*EBOOK_ACCESS_SECRET: is required[\s\S]*TRIAL_TOMBSTONE_SECRET: is required/,
    );
    // A real deployment names its public origin too (docs/experience.md "404, /email-preview": no localhost:3000 in sitemaps or emails).
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://db/tw",
        NEXTAUTH_SECRET: secret,
        UNSUBSCRIBE_SECRET: secret,
        EBOOK_ACCESS_SECRET: secret,
        TRIAL_TOMBSTONE_SECRET: secret,
      }),
    ).toThrow(/SITE_URL: is required in production/);
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://db/tw",
        SITE_URL: "https://tariffwatch.example",
        NEXTAUTH_SECRET: secret,
        UNSUBSCRIBE_SECRET: secret,
        EBOOK_ACCESS_SECRET: secret,
        TRIAL_TOMBSTONE_SECRET: secret,
      }),
    ).not.toThrow();
  });

  it("lets the local set-up (embedded database) run with generated secrets", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
  });
});
