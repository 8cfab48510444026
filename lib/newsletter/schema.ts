import { z } from "zod/mini";
import { emailField } from "@/lib/validation/email";

/** The newsletter signup form, in the browser and in POST /api/newsletter (zod/mini: lib/validation/email.ts). */
export const newsletterSignupSchema = z.object({ email: emailField });

export type NewsletterSignupInput = z.input<typeof newsletterSignupSchema>;
export type NewsletterSignup = z.output<typeof newsletterSignupSchema>;

export {
  NEWSLETTER_FAILURE_FALLBACK,
  NEWSLETTER_FAILURE_TITLE,
  NEWSLETTER_SUCCESS_FALLBACK,
} from "./messages";
