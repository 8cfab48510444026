import { z } from "zod";
import { optionalString, secret32 } from "./shared";

/** Admin sign-in (next-auth; docs/admin.md) and the signing secrets (read by lib/secrets.ts). */
export const authSchema = z.object({
  /** Signs and encrypts admin sessions. Unset locally = generated once into .data/secrets.json (lib/secrets). */
  NEXTAUTH_SECRET: secret32,
  /** Public origin of the admin sign-in; https:// here (or in SITE_URL) makes the session cookie Secure in production. */
  NEXTAUTH_URL: optionalString.pipe(z.url("must be an absolute URL such as https://tariffwatch.example").optional()),
  /** Signs e-book access links (preview and purchase). Unset locally = generated once into .data/secrets.json. */
  EBOOK_ACCESS_SECRET: secret32,
  /**
   * Keys the hash of a deleted account's email that used its free trial (lib/accounts/tombstones.ts).
   * Never rotate it: the kept hashes would stop matching and those emails would get a trial again.
   * Unset locally = generated once into .data/secrets.json.
   */
  TRIAL_TOMBSTONE_SECRET: secret32,
  /**
   * Where the local set-up keeps the secrets it generated (default .data/secrets.json, relative to
   * the working directory; git-ignored). Tests point it at a file of their own.
   */
  SECRETS_FILE: optionalString,
});

export type AuthVars = z.infer<typeof authSchema>;

/**
 * A real deployment (production with a database server) signs sessions, unsubscribe links
 * and e-book access links, and keys the trial tombstones, with secrets it must be given; only
 * the local set-up may generate its own (lib/secrets.ts).
 */
export function checkAuth(v: { NODE_ENV: string; DATABASE_URL?: string }, raw: Record<string, string | undefined>, problems: string[]): void {
  if (v.NODE_ENV !== "production" || !v.DATABASE_URL) return;
  for (const name of ["NEXTAUTH_SECRET", "UNSUBSCRIBE_SECRET", "EBOOK_ACCESS_SECRET", "TRIAL_TOMBSTONE_SECRET"]) {
    if (!raw[name]?.trim()) problems.push(`${name}: is required in production (generate one with: openssl rand -base64 48)`);
  }
}

/**
 * The file of generated secrets (lib/secrets.ts), relative to the working directory. Read on
 * each call from the raw variables: the secrets store runs before any settings are validated
 * (command-line tools) and tests change it.
 */
export function secretsFileSetting(raw: Record<string, string | undefined>): string {
  return raw.SECRETS_FILE?.trim() || ".data/secrets.json";
}

/** Secure session cookies: production behind https (NEXTAUTH_URL, else SITE_URL, starts with https://). */
export function authSettings(v: AuthVars & { NODE_ENV: string; SITE_URL?: string }) {
  const url = v.NEXTAUTH_URL ?? v.SITE_URL ?? "";
  return { auth: { url: v.NEXTAUTH_URL, secureCookies: v.NODE_ENV === "production" && url.startsWith("https://") } };
}

export type AuthSettings = ReturnType<typeof authSettings>;
