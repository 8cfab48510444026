import { z } from "zod";

/** POST /paypal/order from the e-book purchase page (docs/product-rules.md §3). */
export const ebookOrderSchema = z.object({
  amount: z.union([z.string().max(20), z.number()], { error: "Amount is required" }),
  currency: z.literal("USD", { error: "Currency must be USD" }).default("USD"),
  intent: z.literal("CAPTURE", { error: "Intent must be CAPTURE" }).default("CAPTURE"),
  description: z.string().max(127, { error: "Description is too long" }).optional(),
});
