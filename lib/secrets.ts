import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { secretsFileSetting } from "@/lib/env/auth";
import { rawEnv } from "@/lib/env/runtime";

/**
 * Signing secrets. In a real deployment each comes from its environment variable. The
 * local set-up must run with nothing configured, so a missing secret is generated once
 * and kept in `.data/secrets.json` (git-ignored, beside the embedded database): stable
 * across restarts, never committed, never printed. In production (NODE_ENV=production
 * with DATABASE_URL set, i.e. a real deployment) a missing variable is an error.
 *
 * The variables come from lib/env (`rawEnv()`; SECRETS_FILE in lib/env/auth.ts). No
 * `server-only`: command-line tools use it too.
 */
export const SECRET_VARIABLES = {
  auth: "NEXTAUTH_SECRET",
  unsubscribe: "UNSUBSCRIBE_SECRET",
  "ebook-access": "EBOOK_ACCESS_SECRET",
  "trial-tombstone": "TRIAL_TOMBSTONE_SECRET",
} as const;

export type SecretName = keyof typeof SECRET_VARIABLES;

const MIN_LENGTH = 32;
const cache = new Map<SecretName, string>();

function secretsFile(): string {
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), secretsFileSetting(rawEnv()));
}

function readStore(file: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function getSecret(name: SecretName, env: Record<string, string | undefined> = rawEnv()): string {
  const cached = cache.get(name);
  if (cached) return cached;
  const variable = SECRET_VARIABLES[name];
  const fromEnv = env[variable]?.trim();
  if (fromEnv) {
    if (fromEnv.length < MIN_LENGTH) throw new Error(`${variable}: must be at least ${MIN_LENGTH} characters`);
    cache.set(name, fromEnv);
    return fromEnv;
  }
  if (env.NODE_ENV === "production" && env.DATABASE_URL) {
    throw new Error(`${variable}: is required in production (generate one with: openssl rand -base64 48)`);
  }
  const file = secretsFile();
  const store = readStore(file);
  let value = store[name];
  if (!value) {
    value = randomBytes(48).toString("base64url");
    mkdirSync(path.dirname(file), { recursive: true });
    // Re-read so two processes starting together keep one value per name.
    const latest = readStore(file);
    value = latest[name] ?? value;
    writeFileSync(file, JSON.stringify({ ...latest, [name]: value }, null, 2), { mode: 0o600 });
  }
  cache.set(name, value);
  return value;
}
