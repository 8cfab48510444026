import { z } from "zod";
import { emailField } from "@/lib/validation/email";
import { personName } from "@/lib/validation/name";

export { NAME_MAX } from "@/lib/validation/name";

/** One line, links and invisible characters removed, 2-100 characters (lib/validation/name.ts). */
const name = (label: "First name" | "Last name") => personName(label);

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
