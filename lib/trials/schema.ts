import { z } from "zod/mini";
import { emailField } from "@/lib/validation/email";
import { marketingOptInField } from "@/lib/validation/consent";
import { personName } from "@/lib/validation/name";

export { NAME_MAX } from "@/lib/validation/name";

/** One line, links and invisible characters removed, 2-100 characters (lib/validation/name.ts). */
const name = (label: "First name" | "Last name") => personName(label);

/** The free-trial form, in the browser (react-hook-form) and in POST /api/free-trial (zod/mini: lib/validation/email.ts). */
export const freeTrialSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: emailField,
  /** The unticked news-and-offers box: marketing email only when ticked (docs/email.md, "Consent"). */
  marketingOptIn: marketingOptInField,
});

export type FreeTrialInput = z.input<typeof freeTrialSchema>;
export type FreeTrialSignup = z.output<typeof freeTrialSchema>;

export const TRIAL_FAILURE_TITLE = "Registration Failed";
export const TRIAL_FAILURE_FALLBACK = "Failed to start free trial. Please try again.";

/**
 * The 409 of a second trial for an email (docs/accounts.md, "A way back for returning
 * people"). It tells no more than the 409 always did: this email has a trial, so it has an
 * account. The form answers it with a notice and an "Email me a sign-in link" button.
 */
export const TRIAL_ACCOUNT_EXISTS_MESSAGE =
  "You already have a TariffWatch account with this email: a free trial has already been started with this email address. Each email can start one free trial.";
export const TRIAL_ACCOUNT_EXISTS_FIELD = "A free trial already exists for this email.";
export const TRIAL_ACCOUNT_EXISTS_TITLE = "You already have a TariffWatch account with this email";

/**
 * The 409 for an email whose account used its trial and was deleted (docs/accounts.md,
 * "Deleting an account and the free trial"): there is no account to sign in to, so the form
 * points to the plans instead.
 */
export const TRIAL_ALREADY_USED_MESSAGE =
  "This email address has already had a free trial. Each email can start one, also after its account was deleted: choose a plan to continue.";
export const TRIAL_ALREADY_USED_FIELD = "This email has already had its free trial.";
