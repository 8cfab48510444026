import { z } from "zod/mini";

// Validation without eval: zod otherwise probes whether it may compile validators with
// `new Function`, which the Content-Security-Policy forbids (and browsers report).
z.config({ jitless: true });

export const EMAIL_MESSAGE = "Please enter a valid email address";
/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX = 254;

/**
 * An email address as the product stores it: trimmed and lower-cased, so A@B.co and
 * a@b.co are one subscriber. Shared by every form and route handler.
 *
 * Written with zod/mini, as are the other schemas of the public forms (newsletter, free
 * trial, e-book preview, sign-in link): the same checks and messages as zod's chained API,
 * without its methods on every schema, so the forms' deferred zod code is a fifth smaller and
 * quicker to start on a phone (docs/performance.md, "Form schemas on zod/mini"). Server
 * schemas written with `zod` take these as fields.
 */
export const emailField = z.pipe(
  z.string({ error: EMAIL_MESSAGE }).check(z.trim(), z.maxLength(EMAIL_MAX, { error: EMAIL_MESSAGE })),
  z.email({ error: EMAIL_MESSAGE }).check(z.toLowerCase()),
);

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
