import { z } from "zod";
import { freeTrialSchema } from "@/lib/trials/schema";

/**
 * The manual trial follow-up: the admin dashboard's form (react-hook-form) and
 * POST /api/admin/send-trial-followup validate with this one schema (docs/product-rules.md §5).
 */
export const FOLLOW_UP_TYPES = ["day2", "day5", "day7"] as const;
export type FollowUpType = (typeof FOLLOW_UP_TYPES)[number];

export const FOLLOW_UP_TYPE_LABELS: Record<FollowUpType, string> = {
  day2: "Day 2: welcome, protection active",
  day5: "Day 5: urgency and social proof, 2 days left",
  day7: "Day 7: final notice, trial ends within 24 hours",
};

export const EMAIL_TYPE_MESSAGE = "Please select an email type";
export const DAYS_LEFT_MESSAGE = "Days left must be a whole number from 1 to 7";
export const DAYS_LEFT_DEFAULT = 5;

export const followUpSchema = z.object({
  ...freeTrialSchema.shape,
  emailType: z.enum(FOLLOW_UP_TYPES, { error: EMAIL_TYPE_MESSAGE }),
  daysLeft: z
    .number({ error: DAYS_LEFT_MESSAGE })
    .int({ error: DAYS_LEFT_MESSAGE })
    .min(1, { error: DAYS_LEFT_MESSAGE })
    .max(7, { error: DAYS_LEFT_MESSAGE })
    .default(DAYS_LEFT_DEFAULT),
});

export type FollowUpInput = z.input<typeof followUpSchema>;
export type FollowUpRequest = z.output<typeof followUpSchema>;

/** Form defaults (docs/product-rules.md §5): empty names and email, day2, 5 days left. */
export const FOLLOW_UP_DEFAULTS: FollowUpInput = { firstName: "", lastName: "", email: "", emailType: "day2", daysLeft: DAYS_LEFT_DEFAULT };

/** The follow-up form's fixed toast texts (docs/product-rules.md §8). */
export const FOLLOW_UP_SUCCESS_TITLE = "Follow-up Email Sent";
export const FOLLOW_UP_FAILURE_TITLE = "Email Failed";
export const FOLLOW_UP_FAILURE_FALLBACK = "Failed to send follow-up email";
export const followUpSuccessDescription = (emailType: string, email: string) => `${emailType} email sent to ${email}`;

/** The answer of POST /api/admin/send-trial-followup. */
export type FollowUpResponse = {
  message: string;
  emailType: FollowUpType;
  trialData: { email: string; firstName: string; lastName: string; daysLeft: number };
  /** Outbox status of the message: sent, queued, logged (no provider configured), suppressed, failed. */
  delivery: string;
  /** Whether a free trial exists for this address. */
  trialFound: boolean;
  timestamp: string;
};
