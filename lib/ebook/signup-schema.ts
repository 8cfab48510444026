import { z } from "zod/mini";
import { emailField } from "@/lib/validation/email";
import { marketingOptInField } from "@/lib/validation/consent";
import { personName } from "@/lib/validation/name";

/**
 * The free-preview signup, in the browser and in POST /api/ebook-email-signup
 * (docs/product-rules.md §5). In zod/mini and in a file of its own, so the signup form's
 * code carries no other schema (lib/validation/email.ts).
 */
export const ebookSignupSchema = z.object({
  name: personName("Name"),
  email: emailField,
  /** The unticked news-and-offers box: marketing email only when ticked (docs/email.md, "Consent"). */
  marketingOptIn: marketingOptInField,
});
export type EbookSignupInput = z.input<typeof ebookSignupSchema>;
export type EbookSignup = z.output<typeof ebookSignupSchema>;
