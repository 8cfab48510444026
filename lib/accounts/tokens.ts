import { createHash, randomBytes } from "node:crypto";

/**
 * Random tokens for sign-in links, sessions and API keys: 32 random bytes, base64url.
 * Only the SHA-256 of a token is stored, so a copy of the database signs nobody in.
 */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** "abcd…wxyz": enough of a secret to recognise it in a log, not to use it (docs/security.md). */
export function redactSecret(value: string): string {
  if (value.length <= 12) return "…";
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}
