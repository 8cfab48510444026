/**
 * The newsletter's texts and numbers, without zod, so the landing page's live count does
 * not pull the validation library into the first load.
 */
/** Shown in the success toast when the server sends no message (docs/product-rules.md §8). */
export const NEWSLETTER_SUCCESS_FALLBACK =
  "You've been subscribed! Your welcome email is being processed and should arrive within a few minutes.";
export const NEWSLETTER_FAILURE_TITLE = "Subscription Failed";
export const NEWSLETTER_FAILURE_FALLBACK = "Failed to subscribe. Please try again.";
