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
  /** Set to "false" to turn rate limiting of public forms off (never in production). */
  RATE_LIMIT_ENABLED: optionalString.pipe(z.enum(["true", "false"]).optional()),
});

export type Env = {
  NODE_ENV: "development" | "production" | "test";
  DATABASE_URL: string | undefined;
  PGLITE_DATA_DIR: string | undefined;
  SITE_URL: string;
  EMAIL_FROM: string;
  RATE_LIMIT_ENABLED: boolean;
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
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
    );
  }
  const v = result.data;
  return {
    NODE_ENV: v.NODE_ENV,
    DATABASE_URL: v.DATABASE_URL,
    PGLITE_DATA_DIR: v.PGLITE_DATA_DIR,
    SITE_URL: (v.SITE_URL ?? "http://localhost:3000").replace(/\/+$/, ""),
    EMAIL_FROM: v.EMAIL_FROM ?? "TariffWatch <alerts@tariffwatch.example>",
    RATE_LIMIT_ENABLED: v.RATE_LIMIT_ENABLED !== "false",
  };
}
