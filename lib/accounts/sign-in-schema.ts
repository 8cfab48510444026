import { z } from "zod/mini";
import { emailField } from "@/lib/validation/email";

/** POST /api/auth/sign-in-link, in the browser and on the server (zod/mini: lib/validation/email.ts). */
export const signInLinkSchema = z.object({
  email: emailField,
  /** Where to land after signing in; checked on the server (same-site paths only). */
  callbackPath: z.optional(z.string().check(z.maxLength(1000))),
});

export type SignInLinkInput = z.input<typeof signInLinkSchema>;
export type SignInLinkRequest = z.output<typeof signInLinkSchema>;
