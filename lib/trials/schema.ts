import { z } from "zod";
import { emailField } from "@/lib/validation/email";

export const NAME_MAX = 100;

const name = (label: "First name" | "Last name") =>
  z
    .string({ error: `${label} must be at least 2 characters` })
    .trim()
    .min(2, { error: `${label} must be at least 2 characters` })
    .max(NAME_MAX, { error: `${label} must be at most ${NAME_MAX} characters` });

/** The free-trial form, in the browser (react-hook-form) and in POST /api/free-trial. */
export const freeTrialSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: emailField,
});

export type FreeTrialInput = z.input<typeof freeTrialSchema>;
export type FreeTrialSignup = z.output<typeof freeTrialSchema>;

export const TRIAL_FAILURE_TITLE = "Registration Failed";
export const TRIAL_FAILURE_FALLBACK = "Failed to start free trial. Please try again.";
