import { z } from "zod";
import { ebookOrderSchema } from "@/lib/ebook/schema";
import { emailField } from "@/lib/validation/email";
import { walletOrderSchema } from "./schemas";

/** POST /api/paypal/order: the wallet order, with the buyer's email when the page has it (rate-limited per email). */
export const paypalWalletOrderSchema = walletOrderSchema.extend({ email: z.optional(emailField) });

/** POST /paypal/order: the e-book order (the payer's email comes from PayPal). */
export const paypalEbookOrderSchema = ebookOrderSchema.extend({ email: z.optional(emailField) });

/** POST /api/paypal/subscription {planId, email}: a monthly wallet plan. */
export const WALLET_SUBSCRIPTION_PLANS = ["consumer", "professional"] as const;
export type WalletSubscriptionPlan = (typeof WALLET_SUBSCRIPTION_PLANS)[number];
export const paypalSubscriptionSchema = z.object({
  planId: z.enum(WALLET_SUBSCRIPTION_PLANS, { error: "Plan must be consumer or professional" }),
  email: emailField,
});
