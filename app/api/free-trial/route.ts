import { getEnv } from "@/lib/env";
import { MAX_JSON_BYTES } from "@/lib/http/json";
import { PUBLIC_FORM_LIMIT } from "@/lib/http/rate-limit";
import { ApiError, defineRoute } from "@/lib/http/route";
import {
  freeTrialSchema,
  TRIAL_ACCOUNT_EXISTS_FIELD,
  TRIAL_ACCOUNT_EXISTS_MESSAGE,
  TRIAL_ALREADY_USED_FIELD,
  TRIAL_ALREADY_USED_MESSAGE,
} from "@/lib/trials/schema";
import { startTrial } from "@/lib/trials/trials";

/**
 * POST /api/free-trial {email, firstName, lastName, marketingOptIn?} -> 201 {message, trial} | 409 | 400 | 429.
 *
 * A second trial for an email answers 409 saying the email already has an account (it has
 * a trial, so it has one: docs/accounts.md); the form then offers an emailed sign-in link
 * through POST /api/auth/sign-in-link ("A way back for returning people", docs/accounts.md).
 * An email whose account had its trial and was deleted also gets 409, with its own message
 * (docs/accounts.md, "Deleting an account and the free trial").
 * Public-form limit per client (docs/decisions.md "Rate limits"), 16 kB body cap.
 */
export const POST = defineRoute(
  { name: "free-trial", auth: "public", body: freeTrialSchema, bodyLimit: MAX_JSON_BYTES, rateLimit: PUBLIC_FORM_LIMIT },
  async ({ db, now, body }) => {
    const result = await startTrial(db, body, { now, siteUrl: getEnv().SITE_URL });
    if (result.status === "already-started") {
      throw new ApiError(409, TRIAL_ACCOUNT_EXISTS_MESSAGE, { email: TRIAL_ACCOUNT_EXISTS_FIELD });
    }
    if (result.status === "already-used") {
      throw new ApiError(409, TRIAL_ALREADY_USED_MESSAGE, { email: TRIAL_ALREADY_USED_FIELD });
    }
    const { trial } = result;
    return Response.json(
      {
        message: `Welcome, ${trial.firstName}! Your 7-day free trial is active.`,
        trial: {
          email: trial.email,
          firstName: trial.firstName,
          lastName: trial.lastName,
          startDate: trial.startDate.toISOString(),
          endDate: trial.endDate.toISOString(),
        },
      },
      { status: 201 },
    );
  },
);
