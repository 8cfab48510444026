import { z } from "zod";
import { emailField } from "@/lib/validation/email";

/** POST /api/create-payment-intent (docs/product-rules.md §3, plus the buyer's email). */
export const createPaymentIntentSchema = z.object({
  amount: z.union([z.number(), z.string().max(20)], { error: "Amount must be a number" }),
  plan: z.string({ error: "Plan is required" }).trim().min(1, { error: "Plan is required" }).max(50, { error: "Unknown plan" }),
  email: emailField,
  timestamp: z.number().int().nonnegative().optional(),
  payment_method_types: z.array(z.literal("card", { error: "Only card payments are supported" })).max(1).optional(),
});
export type CreatePaymentIntentInput = z.output<typeof createPaymentIntentSchema>;

/** POST /api/paypal/order and the e-book's POST /paypal/order. */
export const walletOrderSchema = z.object({
  amount: z.union([z.number(), z.string().max(20)], { error: "Amount must be a number" }),
  currency: z.literal("USD", { error: "Currency must be USD" }).default("USD"),
  intent: z.literal("CAPTURE", { error: "Intent must be CAPTURE" }).default("CAPTURE"),
  description: z.string().max(127, { error: "Description is too long" }).optional(),
  /** The catalog item the amount pays for (optional; when given, it must name one and the amount must be its price). */
  plan: z.string({ error: "Unknown plan" }).trim().min(1, { error: "Unknown plan" }).max(50, { error: "Unknown plan" }).optional(),
});
export type WalletOrderInput = z.output<typeof walletOrderSchema>;

/** POST /api/send-payment-confirmation (docs/product-rules.md §3). */
export const paymentConfirmationSchema = z.object({
  paymentId: z.string({ error: "paymentId is required" }).trim().min(1, { error: "paymentId is required" }).max(255),
  amount: z.union([z.string().max(20), z.number()]).optional(),
  currency: z.string().max(3).optional(),
  method: z.string().max(40).optional(),
});
export type PaymentConfirmationInput = z.output<typeof paymentConfirmationSchema>;
