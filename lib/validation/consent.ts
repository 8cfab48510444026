import { z } from "zod/mini";

/**
 * The unticked "send me news and offers" box of the free-trial and e-book preview forms
 * (docs/email.md, "Consent"): optional, false unless the person ticked it. Marketing email
 * stays off until someone turns it on; asking for a trial or the chapters is not that.
 */
export const marketingOptInField = z._default(z.boolean({ error: "Send marketingOptIn as true or false." }), false);

/** The box's words, the same on every form that has one. */
export const MARKETING_OPT_IN_LABEL = "Also send me TariffWatch news and offers by email (you can stop them any time)";
