import { createHash } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/**
 * Admin passwords: argon2id with OWASP's minimum parameters (Password Storage Cheat
 * Sheet: m=19 MiB, t=2, p=1), about 16 ms per hash on this machine. The PHC string
 * (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`) carries its own parameters, so
 * raising them later still verifies old hashes.
 *
 * No `server-only`: `npm run admin:create` uses it too.
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: the package's enum is a `const enum`, which isolatedModules cannot import.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const PASSWORD_MIN = 12;
/** Longer inputs are refused before hashing (a megabyte password is a CPU attack). */
export const PASSWORD_MAX = 256;
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{2,63}$/;

/** Usernames are case-insensitive: stored and compared trimmed and lower-cased. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** Why a username cannot be used for a new admin, or null. */
export function usernameProblem(username: string): string | null {
  return USERNAME_PATTERN.test(normalizeUsername(username))
    ? null
    : "The username must be 3 to 64 characters: letters, digits, dots, dashes, underscores or @, starting with a letter or digit.";
}

/** Why a password cannot be used for an admin, or null. Never echoes the password. */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN) return `The password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `The password must be at most ${PASSWORD_MAX} characters.`;
  if (password.trim().length < PASSWORD_MIN) return "The password must not be mostly spaces.";
  if (password.toLowerCase().includes(normalizeUsername(username))) return "The password must not contain the username.";
  return null;
}

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches the stored hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (password.length === 0 || password.length > PASSWORD_MAX) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the username does not exist, so response
 * times do not tell which usernames are admins.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  await verifyPassword(await dummyHash, password || "x");
  return false;
}

/**
 * A short fingerprint of the stored hash, kept in the session token. Resetting the
 * password (`npm run admin:create` again) changes it, which ends every existing session.
 */
export function passwordVersion(storedHash: string): string {
  return createHash("sha256").update(storedHash).digest("hex").slice(0, 16);
}
