import "server-only";
import { parseEnv, type Env } from "./schema";

let cached: Env | undefined;

/**
 * The validated environment: every capability's settings (lib/env/database.ts, site.ts,
 * email.ts, auth.ts, payments.ts, economy.ts, sms.ts, security.ts) composed by
 * lib/env/schema.ts. Parsed once at start (lib/env/check-at-start.ts) or on first use;
 * throws (naming the variable) on the first bad value.
 */
export function getEnv(): Env {
  cached ??= (globalThis as { __tariffwatchEnv?: Env }).__tariffwatchEnv ?? parseEnv(process.env);
  return cached;
}

export type { Env };
export type { AuthSettings } from "./auth";
export type { DatabaseSettings } from "./database";
export type { EconomySettings } from "./economy";
export type { EmailSettings } from "./email";
export type { PaymentsSettings } from "./payments";
export type { SecuritySettings } from "./security";
export type { SiteSettings } from "./site";
export type { SmsSettings } from "./sms";
