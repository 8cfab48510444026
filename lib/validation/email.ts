import { z } from "zod";

// Validation without eval: zod otherwise probes whether it may compile validators with
// `new Function`, which the Content-Security-Policy forbids (and browsers report).
z.config({ jitless: true });

export const EMAIL_MESSAGE = "Please enter a valid email address";
/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX = 254;

/**
 * An email address as the product stores it: trimmed and lower-cased, so A@B.co and
 * a@b.co are one subscriber. Shared by every form and route handler.
 */
export const emailField = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(EMAIL_MAX, { error: EMAIL_MESSAGE })
  .pipe(z.email({ error: EMAIL_MESSAGE }))
  .transform((v) => v.toLowerCase());

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
