import { site } from "./site";

/**
 * The money-back guarantee, with one reading on every page (docs/experience.md "/tariffs-ebook"): 30 days from
 * the payment, full refund on request, for plans and the e-book alike. The former e-book
 * clause ("a full refund if the guide does not save you $100 in the first year") is gone:
 * nobody could check it, and it contradicted the 30 days.
 */
export const GUARANTEE = {
  title: "30-Day Money-Back Guarantee",
  short: "30-day money-back guarantee",
  body: `If it is not right for you, write to ${site.supportEmail} within 30 days of your payment for a full refund, no questions asked.`,
} as const;
