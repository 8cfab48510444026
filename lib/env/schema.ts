import { z } from "zod";

/**
 * Every environment variable the app reads, validated in one place. `.env.example`
 * documents each one. Integration-specific groups (payments, email, auth) join this
 * schema as their issues land; each checks its own key prefixes.
 *
 * No `server-only` here so command-line tools can validate too; the app imports
 * `@/lib/env`, which is server-only.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** postgres:// URL of a real server; unset = embedded PGlite. */
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  /** Where the embedded database keeps its files (default .data/pglite). */
  PGLITE_DATA_DIR: optionalString,
  /** Public origin of the site, used for absolute links in emails and metadata. */
  SITE_URL: optionalString.pipe(z.url("must be an absolute URL such as https://tariffwatch.example").optional()),
  /** From address of outgoing email. */
  EMAIL_FROM: optionalString,
  /** Resend API key: set = email is really sent; unset = recorded and logged only. */
  RESEND_API_KEY: optionalString.pipe(z.string().regex(/^re_\w+$/, "must be a Resend API key (re_...)").optional()),
  /** Only for tests and local doubles: Resend's API origin (default https://api.resend.com). */
  RESEND_BASE_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),
  /** Minutes between runs of the trial follow-up and email retry job by the in-process timer; 0 = off. */
  TRIAL_FOLLOWUP_INTERVAL_MINUTES: optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number of minutes (0 turns the timer off)")
      .transform(Number)
      .refine((n) => n <= 1440, "must be 0 (off) or from 1 to 1440 minutes (one day)")
      .optional(),
  ),
  /** Signs unsubscribe links (read by lib/secrets.ts). Unset locally = generated once into .data/secrets.json. */
  UNSUBSCRIBE_SECRET: optionalString.pipe(
    z.string().min(32, "must be at least 32 characters (for example: openssl rand -base64 48)").optional(),
  ),
  /** Signs e-book access links (preview and purchase). Unset locally = generated once into .data/secrets.json. */
  EBOOK_ACCESS_SECRET: optionalString.pipe(
    z.string().min(32, "must be at least 32 characters (for example: openssl rand -base64 48)").optional(),
  ),
  /** Set to "false" to turn rate limiting of public forms off (never in production). */
  RATE_LIMIT_ENABLED: optionalString.pipe(z.enum(["true", "false"]).optional()),
  /** Proxies of ours in front of scripts/serve.mjs (0 = none: the socket address; 1 = the right-most X-Forwarded-For entry). */
  TRUSTED_PROXY_HOPS: optionalString.pipe(z.string().regex(/^([0-9]|10)$/, "must be a whole number from 0 to 10 (0 = no proxy in front)").optional()),
  /** Without scripts/serve.mjs (e.g. Vercel): the platform's own client-address header, e.g. x-vercel-forwarded-for or x-real-ip. */
  CLIENT_IP_HEADER: optionalString.pipe(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, "must be a header name such as x-vercel-forwarded-for").optional()),

  // --- Admin sign-in (next-auth; docs/admin.md) ---
  /** Signs and encrypts admin sessions. Unset locally = generated once into .data/secrets.json (lib/secrets). */
  NEXTAUTH_SECRET: optionalString.pipe(
    z.string().min(32, "must be at least 32 characters (for example: openssl rand -base64 48)").optional(),
  ),
  /** Public origin of the admin sign-in; https:// here (or in SITE_URL) makes the session cookie Secure in production. */
  NEXTAUTH_URL: optionalString.pipe(z.url("must be an absolute URL such as https://tariffwatch.example").optional()),

  // --- Payments: cards (Stripe) ---
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

  // --- Payments: wallet (PayPal) ---
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_ENV: optionalString.pipe(z.enum(["sandbox", "live"], { error: 'must be "sandbox" or "live"' }).optional()),
  PAYPAL_WEBHOOK_ID: optionalString,
  /** PayPal billing plan ids of the monthly wallet plans (`npm run paypal:setup` prints them). */
  PAYPAL_PLAN_CONSUMER: optionalString,
  PAYPAL_PLAN_PROFESSIONAL: optionalString,
  /** Only for tests and local doubles: PayPal's REST base URL (default from PAYPAL_ENV). */
  PAYPAL_API_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),

  // --- Payments: manual payment apps shown when the wallet is unavailable ---
  MANUAL_PAY_VENMO: optionalString,
  MANUAL_PAY_CASHAPP: optionalString.pipe(z.string().regex(/^\$\w+$/, "must be a $cashtag, e.g. $TariffWatch").optional()),
  MANUAL_PAY_ZELLE: optionalString,
  /** E-book demo mode: every chapter unlocked (default on with the embedded database, off with DATABASE_URL). */
  EBOOK_DEMO_MODE: optionalString.pipe(z.enum(["true", "false"], { error: 'must be "true" or "false"' }).optional()),
  /** Support address shown on checkouts and in receipts (default the site's). */
  SUPPORT_EMAIL: optionalString.pipe(z.email("must be an email address").optional()),

  // --- Economic data (BLS and Federal Register refresh; docs/economy.md) ---
  /** BLS Public Data API registration key: 500 queries a day instead of 25. */
  BLS_API_KEY: optionalString.pipe(
    z.string().regex(/^[A-Za-z0-9]{16,64}$/, "must be the BLS registration key you were emailed (letters and digits only)").optional(),
  ),
  /** Only for tests and local doubles: the BLS timeseries endpoint (default the real one). */
  BLS_API_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),
  /** Only for tests and local doubles: the Federal Register documents.json endpoint. */
  FEDERAL_REGISTER_API_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),
  /** Bearer secret of the cron routes (/api/cron/refresh-economic-data, /api/cron/trial-followups); unset = they are off. */
  CRON_SECRET: optionalString.pipe(
    z.string().min(16, "must be at least 16 characters (for example: openssl rand -hex 32)").optional(),
  ),
  // --- SMS alerts through Twilio (docs/alerts.md); all three set = on ---
  TWILIO_ACCOUNT_SID: optionalString.pipe(z.string().regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio Account SID (AC followed by 32 hex digits)").optional()),
  TWILIO_AUTH_TOKEN: optionalString.pipe(z.string().min(16, "must be the Twilio auth token").optional()),
  /** The sending number (E.164, e.g. +15005550006) or a Messaging Service SID (MG...). */
  TWILIO_FROM: optionalString.pipe(z.string().regex(/^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/, "must be an E.164 number such as +15551234567 or a Messaging Service SID").optional()),
  /** Only for tests and local doubles: Twilio's API origin (default https://api.twilio.com). */
  TWILIO_API_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),
  /** Minutes between refreshes by the embedded set-up's in-process timer; 0 = off. */
  ECONOMIC_REFRESH_INTERVAL_MINUTES: optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number of minutes (0 turns the timer off)")
      .transform(Number)
      .refine((n) => n === 0 || (n >= 15 && n <= 10_080), "must be 0 (off) or from 15 to 10080 minutes (one week)")
      .optional(),
  ),
});

export type Env = {
  NODE_ENV: "development" | "production" | "test";
  DATABASE_URL: string | undefined;
  PGLITE_DATA_DIR: string | undefined;
  SITE_URL: string;
  EMAIL_FROM: string;
  email: {
    resendApiKey: string | undefined;
    resendBaseUrl: string | undefined;
    /** Trial follow-ups + email retries by the in-process timer; 0 = off. */
    followUpIntervalMinutes: number;
  };
  RATE_LIMIT_ENABLED: boolean;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined; apiUrl: string | undefined; live: boolean } | null;
  paypal: {
    clientId: string;
    clientSecret: string;
    env: "sandbox" | "live";
    webhookId: string | undefined;
    apiUrl: string;
    /** Billing plan ids of the monthly wallet plans; a plan without one has no wallet subscription. */
    plans: { consumer: string | undefined; professional: string | undefined };
  } | null;
  manualPay: { venmo: string | undefined; cashApp: string | undefined; zelle: string | undefined };
  SUPPORT_EMAIL: string;
  ebookDemoMode: boolean;
  economy: {
    blsApiKey: string | undefined;
    blsApiUrl: string;
    federalRegisterApiUrl: string;
    cronSecret: string | undefined;
    /** 0 = the in-process timer is off. */
    refreshIntervalMinutes: number;
  };
  /** Twilio SMS settings; null = SMS off. */
  sms: { accountSid: string; authToken: string; from: string; apiUrl: string | undefined } | null;
};

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(
      `Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example for every variable and what it does.`,
    );
    this.name = "EnvError";
  }
}

/** Validates raw variables; throws an EnvError that names each bad variable. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const rawSecret = (name: string) => raw[name]?.trim();
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
    );
  }
  const v = result.data;
  const problems: string[] = [];
  // Keys come in pairs: half a pair is a configuration mistake, not "payments off".
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
  // A real deployment (production with a database server) signs sessions, unsubscribe
  // links and e-book access links with secrets it must be given; only the local set-up
  // may generate its own (lib/secrets.ts).
  if (v.NODE_ENV === "production" && v.DATABASE_URL) {
    for (const name of ["NEXTAUTH_SECRET", "UNSUBSCRIBE_SECRET", "EBOOK_ACCESS_SECRET"]) {
      if (!rawSecret(name)) problems.push(`${name}: is required in production (generate one with: openssl rand -base64 48)`);
    }
    // The sitemap, canonical URLs and every link in an email are absolute URLs on this origin:
    // a deployment must name it rather than fall back to http://localhost:3000 (issue 15 item 7).
    if (!v.SITE_URL) problems.push("SITE_URL: is required in production (the public origin, such as https://tariffwatch.example)");
  }
  const twilioSet = [v.TWILIO_ACCOUNT_SID, v.TWILIO_AUTH_TOKEN, v.TWILIO_FROM].filter(Boolean).length;
  if (twilioSet > 0 && twilioSet < 3) {
    problems.push("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three to turn SMS on, or none");
  }
  // Issue 14 item 11: with live payment keys, demo mode (every chapter unlocked, the demo
  // mailbox at /dev/mail showing every message) is never on by default: it must be named.
  const liveKeys = /_live_/.test(v.STRIPE_SECRET_KEY ?? "") || /_live_/.test(v.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? "") || v.PAYPAL_ENV === "live";
  if (liveKeys && !v.EBOOK_DEMO_MODE && !v.DATABASE_URL) {
    problems.push(
      "EBOOK_DEMO_MODE: live payment keys are set (sk_live_/pk_live_ or PAYPAL_ENV=live) and demo mode would be on by default " +
        "(embedded database: every e-book chapter unlocked, the demo mailbox /dev/mail open). " +
        "For a real shop set EBOOK_DEMO_MODE=false, or EBOOK_DEMO_MODE=true to run the demo with live keys on purpose",
    );
  }
  if (problems.length) throw new EnvError(problems);
  const paypalEnv = v.PAYPAL_ENV ?? "sandbox";
  return {
    NODE_ENV: v.NODE_ENV,
    DATABASE_URL: v.DATABASE_URL,
    PGLITE_DATA_DIR: v.PGLITE_DATA_DIR,
    SITE_URL: (v.SITE_URL ?? "http://localhost:3000").replace(/\/+$/, ""),
    EMAIL_FROM: v.EMAIL_FROM ?? "TariffWatch <alerts@tariffwatch.example>",
    email: {
      resendApiKey: v.RESEND_API_KEY,
      resendBaseUrl: v.RESEND_BASE_URL?.replace(/\/+$/, ""),
      // On by default with the embedded database (one process); with a PostgreSQL server
      // the cron route is the default scheduler (the job is safe to run on several instances).
      followUpIntervalMinutes: v.TRIAL_FOLLOWUP_INTERVAL_MINUTES ?? (v.DATABASE_URL ? 0 : 15),
    },
    RATE_LIMIT_ENABLED: v.RATE_LIMIT_ENABLED !== "false",
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
            plans: { consumer: v.PAYPAL_PLAN_CONSUMER, professional: v.PAYPAL_PLAN_PROFESSIONAL },
            apiUrl: (v.PAYPAL_API_URL ?? (paypalEnv === "live" ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com")).replace(/\/+$/, ""),
          }
        : null,
    manualPay: { venmo: v.MANUAL_PAY_VENMO, cashApp: v.MANUAL_PAY_CASHAPP, zelle: v.MANUAL_PAY_ZELLE },
    SUPPORT_EMAIL: v.SUPPORT_EMAIL ?? "support@tariffwatch.app",
    ebookDemoMode: v.EBOOK_DEMO_MODE ? v.EBOOK_DEMO_MODE === "true" : !v.DATABASE_URL,
    economy: {
      blsApiKey: v.BLS_API_KEY,
      blsApiUrl: v.BLS_API_URL ?? "https://api.bls.gov/publicAPI/v2/timeseries/data/",
      federalRegisterApiUrl: v.FEDERAL_REGISTER_API_URL ?? "https://www.federalregister.gov/api/v1/documents.json",
      cronSecret: v.CRON_SECRET,
      refreshIntervalMinutes: v.ECONOMIC_REFRESH_INTERVAL_MINUTES ?? 360,
    },
    sms:
      v.TWILIO_ACCOUNT_SID && v.TWILIO_AUTH_TOKEN && v.TWILIO_FROM
        ? { accountSid: v.TWILIO_ACCOUNT_SID, authToken: v.TWILIO_AUTH_TOKEN, from: v.TWILIO_FROM, apiUrl: v.TWILIO_API_URL?.replace(/\/+$/, "") }
        : null,
  };
}
