import { z } from "zod";
import { authSchema, authSettings, checkAuth } from "./auth";
import { databaseSchema, databaseSettings } from "./database";
import { economySchema, economySettings } from "./economy";
import { emailSchema, emailSettings } from "./email";
import { checkPayments, paymentsSchema, paymentsSettings } from "./payments";
import { securitySchema, securitySettings } from "./security";
import { checkSite, siteSchema, siteSettings } from "./site";
import { checkSms, smsSchema, smsSettings } from "./sms";

/**
 * Every environment variable the app reads, validated in one place and grouped by
 * capability: each capability has its own zod schema and its own settings in lib/env/
 * (database, site, email, auth, payments, economy = data sources, sms, security =
 * limits). `.env.example` documents each variable. Nothing outside lib/env (and the
 * exempt files of eslint.config.mjs) reads process.env.
 *
 * No `server-only` here so command-line tools can validate too; the app imports
 * `@/lib/env`, which is server-only.
 */
export const envSchema = z.object({
  ...siteSchema.shape,
  ...databaseSchema.shape,
  ...emailSchema.shape,
  ...authSchema.shape,
  ...paymentsSchema.shape,
  ...economySchema.shape,
  ...smsSchema.shape,
  ...securitySchema.shape,
});

/** The validated settings: every capability's settings side by side (the shape callers have always read). */
export type Env = ReturnType<typeof settingsOf>;

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(
      `Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example for every variable and what it does.`,
    );
    this.name = "EnvError";
  }
}

function settingsOf(v: z.infer<typeof envSchema>) {
  return {
    ...siteSettings(v),
    ...databaseSettings(v),
    ...emailSettings(v),
    ...authSettings(v),
    ...securitySettings(v),
    ...paymentsSettings(v),
    ...economySettings(v),
    ...smsSettings(v),
  };
}

/** Validates raw variables; throws an EnvError that names each bad variable. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`));
  }
  const v = result.data;
  const problems: string[] = [];
  checkPayments(v, problems);
  checkAuth(v, raw, problems);
  checkSite(v, problems);
  checkSms(v, problems);
  if (problems.length) throw new EnvError(problems);
  return settingsOf(v);
}
