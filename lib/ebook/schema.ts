import { z } from "zod";
import { emailField } from "@/lib/validation/email";
import { personName } from "@/lib/validation/name";

/** The free-preview signup, in the browser and in POST /api/ebook-email-signup (docs/product-rules.md §5). */
export const ebookSignupSchema = z.object({
  name: personName("Name"),
  email: emailField,
});
export type EbookSignupInput = z.input<typeof ebookSignupSchema>;
export type EbookSignup = z.output<typeof ebookSignupSchema>;

/** POST /paypal/order from the e-book purchase page (docs/product-rules.md §3). */
export const ebookOrderSchema = z.object({
  amount: z.union([z.string().max(20), z.number()], { error: "Amount is required" }),
  currency: z.literal("USD", { error: "Currency must be USD" }).default("USD"),
  intent: z.literal("CAPTURE", { error: "Intent must be CAPTURE" }).default("CAPTURE"),
  description: z.string().max(127, { error: "Description is too long" }).optional(),
});
