import { z } from "zod";
import { emailField } from "@/lib/validation/email";

/** POST /api/auth/sign-in-link, in the browser and on the server. */
export const signInLinkSchema = z.object({
  email: emailField,
  /** Where to land after signing in; checked on the server (same-site paths only). */
  callbackPath: z.string().max(1000).optional(),
});

export type SignInLinkInput = z.input<typeof signInLinkSchema>;
export type SignInLinkRequest = z.output<typeof signInLinkSchema>;
