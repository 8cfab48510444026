import { z } from "zod";
import { emailField } from "@/lib/validation/email";

/** The newsletter signup form, in the browser and in POST /api/newsletter. */
export const newsletterSignupSchema = z.object({ email: emailField });

export type NewsletterSignupInput = z.input<typeof newsletterSignupSchema>;
export type NewsletterSignup = z.output<typeof newsletterSignupSchema>;

/** Shown in the success toast when the server sends no message (spec section 8). */
export const NEWSLETTER_SUCCESS_FALLBACK =
  "You've been subscribed! Your welcome email is being processed and should arrive within a few minutes.";
export const NEWSLETTER_FAILURE_TITLE = "Subscription Failed";
export const NEWSLETTER_FAILURE_FALLBACK = "Failed to subscribe. Please try again.";
/** Active users shown when the live count cannot be read (spec section 7). */
export const ACTIVE_USERS_FALLBACK = 50000;
