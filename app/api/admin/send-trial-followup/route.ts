import { followUpSchema, type FollowUpResponse } from "@/lib/admin/follow-up-schema";
import { sendManualFollowUp } from "@/lib/admin/trial-followups";
import { getEnv } from "@/lib/env";
import { MAX_JSON_BYTES } from "@/lib/http/json";
import { ApiError, defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const TYPE_NAMES = { day2: "Day 2", day5: "Day 5", day7: "Day 7" } as const;

/**
 * POST /api/admin/send-trial-followup {email, firstName, lastName, emailType, daysLeft}
 * -> 200 {message, emailType, trialData: {email, firstName, lastName, daysLeft}, delivery, trialFound, timestamp}
 * | 400 per-field errors | 401 | 403 cross-site | 409 no marketing consent (day 2, day 5). The message is recorded, not sent, here:
 * the email-delivery job delivers it (docs/email.md); 502 only if the record itself says the provider refused it.
 */
export const POST = defineRoute(
  { name: "admin-send-trial-followup", auth: "admin", body: followUpSchema, bodyLimit: MAX_JSON_BYTES },
  async ({ db, now, body: input, admin }) => {
    const outcome = await sendManualFollowUp(db, input, now, { siteUrl: getEnv().SITE_URL });
    const name = `${TYPE_NAMES[input.emailType]} follow-up`;
    if (outcome.delivery === "suppressed") {
      // Day 2 and day 5 are marketing: only to an address that turned it on (docs/email.md, "Consent").
      throw new ApiError(409, `${input.email} has not turned TariffWatch news and offers on (or unsubscribed), so the ${name} was not sent.`);
    }
    if (outcome.delivery === "failed" || outcome.delivery === "cancelled") {
      const retry = outcome.retryScheduled ? " A retry is scheduled." : "";
      throw new ApiError(502, `The email provider did not accept the ${name} to ${input.email}${outcome.error ? ` (${outcome.error})` : ""}.${retry}`);
    }
    const message =
      outcome.delivery === "logged"
        ? `${name} to ${input.email} was recorded and written to the server log: email delivery is not configured on this server, so it was not delivered.`
        : outcome.delivery === "queued"
          ? `${name} to ${input.email} is in the outbox and goes out in a moment (the email-delivery job, /admin/emails).`
          : `${name} sent to ${input.email}.`;
    console.info(`[admin] ${admin.username} sent a manual ${input.emailType} follow-up (${outcome.delivery})`);
    const answer: FollowUpResponse = {
      message,
      emailType: input.emailType,
      trialData: { email: input.email, firstName: input.firstName, lastName: input.lastName, daysLeft: input.daysLeft },
      delivery: outcome.delivery,
      trialFound: outcome.trialFound,
      timestamp: new Date().toISOString(),
    };
    return answer;
  },
);
