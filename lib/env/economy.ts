import { z } from "zod";
import { minutes, optionalString } from "./shared";

/** Data sources (docs/economy.md): the BLS and Federal Register refresh and the cron secret of the scheduled jobs. */
export const economySchema = z.object({
  /** BLS Public Data API registration key: 500 queries a day instead of 25. */
  BLS_API_KEY: optionalString.pipe(
    z.string().regex(/^[A-Za-z0-9]{16,64}$/, "must be the BLS registration key you were emailed (letters and digits only)").optional(),
  ),
  /** Only for tests and local doubles: the BLS timeseries endpoint (default the real one). */
  BLS_API_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),
  /** Only for tests and local doubles: the Federal Register documents.json endpoint. */
  FEDERAL_REGISTER_API_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),
  /** USITC's HTS REST service (its releaseList and exportList), read by the HTS revision importer (docs/tariffs.md, "HTS revisions"); default the real one. */
  HTS_API_URL: optionalString.pipe(z.url("must be an absolute URL").optional()),
  /** Minutes between HTS revision imports by the embedded set-up's in-process timer; 0 = off. */
  HTS_IMPORT_INTERVAL_MINUTES: minutes((n) => n === 0 || (n >= 60 && n <= 43_200), "must be 0 (off) or from 60 to 43200 minutes (30 days)"),
  /** Bearer secret of the cron routes (GET /api/cron/<job>, lib/jobs/registry.ts); unset = they are off. */
  CRON_SECRET: optionalString.pipe(z.string().min(16, "must be at least 16 characters (for example: openssl rand -hex 32)").optional()),
  /**
   * Only for end-to-end test runs (scripts/e2e-server.mjs): "1" lets a cron request carry the
   * moment its job runs at in an `X-Job-Clock` header (ISO 8601), so a test can run the nightly
   * alert evaluation on a given day (docs/alerts.md, "Countdowns and corrections"). Unset in every
   * real deployment: the jobs then always run at the server's clock.
   */
  CRON_JOB_CLOCK: optionalString.pipe(z.enum(["0", "1"], "must be 1 (test runs only) or 0").optional()),
  /** Minutes between refreshes by the embedded set-up's in-process timer; 0 = off. */
  ECONOMIC_REFRESH_INTERVAL_MINUTES: minutes((n) => n === 0 || (n >= 15 && n <= 10_080), "must be 0 (off) or from 15 to 10080 minutes (one week)"),
});

export type EconomyVars = z.infer<typeof economySchema>;

export function economySettings(v: EconomyVars) {
  return {
    economy: {
      blsApiKey: v.BLS_API_KEY,
      blsApiUrl: v.BLS_API_URL ?? "https://api.bls.gov/publicAPI/v2/timeseries/data/",
      federalRegisterApiUrl: v.FEDERAL_REGISTER_API_URL ?? "https://www.federalregister.gov/api/v1/documents.json",
      /** The reststop base: {htsApiUrl}/releaseList, {htsApiUrl}/exportList?… */
      htsApiUrl: (v.HTS_API_URL ?? "https://hts.usitc.gov/reststop").replace(/\/+$/, ""),
      /** 0 = the in-process timer does not import HTS revisions (daily by default). */
      htsImportIntervalMinutes: v.HTS_IMPORT_INTERVAL_MINUTES ?? 1440,
      cronSecret: v.CRON_SECRET,
      /** A cron request may set its job's clock (X-Job-Clock): end-to-end test runs only. */
      cronJobClock: v.CRON_JOB_CLOCK === "1",
      /** 0 = the in-process timer is off. */
      refreshIntervalMinutes: v.ECONOMIC_REFRESH_INTERVAL_MINUTES ?? 360,
    },
  };
}

export type EconomySettings = ReturnType<typeof economySettings>;
