import { z } from "zod/mini";

/**
 * Names people type into forms (trial first and last name, the e-book signup, the admin
 * follow-up form) end up in email subjects, headings and greetings ("Welcome, Ana!").
 * docs/security.md "Names cannot phish":
 *
 * - refused with a message (400): line breaks, other control characters (NUL included)
 *   and lone surrogates: a name is one line of text, and a CR/LF must never reach a
 *   subject line;
 * - removed: links (`scheme://...`, `www....`, anything shaped like a domain such as
 *   `evil-bank.com/login`), email addresses, and invisible format characters
 *   (bidi overrides, zero-width characters), so a name cannot carry a link into a
 *   trusted message;
 * - tabs and runs of spaces become one space; the result is trimmed, then its length is
 *   checked (min and max apply to what is kept).
 */
export const NAME_MAX = 100;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORMAT = /[\p{Cf}]/gu;
const LINK = /\S*(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*/giu;
const EMAIL = /\S+@\S+/gu;
const DOMAIN = /\S*(?:[\p{L}\p{N}_-]+\.)+\p{L}{2,63}(?![\p{L}\p{N}])\S*/gu;

/** The name as it may appear in a message (see above); assumes one line of text. */
export function cleanName(raw: string): string {
  return raw
    .replace(/\t/g, " ")
    .replace(FORMAT, "")
    .replace(LINK, " ")
    .replace(EMAIL, " ")
    .replace(DOMAIN, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A person's name field: one line, cleaned, then `min`..`max` characters (zod/mini: lib/validation/email.ts). */
export function personName(label: string, { min = 2, max = NAME_MAX }: { min?: number; max?: number } = {}) {
  const short = `${label} must be at least ${min} characters`;
  const long = `${label} must be at most ${max} characters`;
  return z.pipe(
    z.pipe(
      z.string({ error: short }).check(
        z.maxLength(max * 4, { error: long }),
        z.refine((v) => !CONTROL.test(v.replace(/\t/g, " ")) && !LONE_SURROGATE.test(v), {
          error: `${label} must be one line of text, without line breaks or control characters`,
          abort: true,
        }),
      ),
      z.transform(cleanName),
    ),
    z.string().check(z.minLength(min, { error: short }), z.maxLength(max, { error: long })),
  );
}
