import type { FreeTrial, PrismaClient, SentEmail } from "@/lib/db/generated/client";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { hadTrialBefore } from "@/lib/accounts/tombstones";
import { TRIAL_DAYS } from "@/lib/catalog";
import { isUniqueViolation } from "@/lib/db/errors";
import { deliverSoon } from "@/lib/email/deliver-soon";
import { OUTBOX_TRANSACTION, queueEmail, type EmailLogger } from "@/lib/email/outbox";
import { recordOptIn } from "@/lib/email/unsubscribe";
import type { FreeTrialSignup } from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial's end: exactly TRIAL_DAYS after its start. */
export function trialEndDate(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
}

/** "Saturday, November 28, 2026" in US English, in UTC so server and email agree. */
const TRIAL_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" });

export function formatTrialDate(date: Date): string {
  return TRIAL_DATE.format(date);
}

export type StartTrialResult = { status: "started"; trial: FreeTrial } | { status: "already-started" } | { status: "already-used" };

export type StartTrialDeps = { now: Date; siteUrl: string; logger?: EmailLogger };

/**
 * Starts a 7-day free trial (one per email) and records the trial welcome email in the
 * same transaction (docs/email.md, "Sending"): both exist or neither. Delivery is kicked
 * after the request (`deliverSoon`); the answer does not wait for the email provider.
 * An email whose earlier account had its trial and was deleted gets none ("already-used":
 * lib/accounts/tombstones.ts). Marketing email is turned on only when the form's box was
 * ticked (docs/email.md, "Consent"). `now` is passed in so tests use fixed dates.
 */
export async function startTrial(
  db: PrismaClient,
  signup: Omit<FreeTrialSignup, "marketingOptIn"> & { marketingOptIn?: boolean },
  deps: StartTrialDeps,
): Promise<StartTrialResult> {
  if (await hadTrialBefore(db, signup.email)) return { status: "already-used" };
  let started: { trial: FreeTrial; email: SentEmail };
  try {
    started = await db.$transaction(async (tx) => {
      // The account of this email (one per email); the trial belongs to it.
      const subscriber = await findOrCreateSubscriber(tx, signup.email, deps.now);
      const trial = await tx.freeTrial.create({
        data: {
          subscriberId: subscriber.id,
          email: signup.email,
          firstName: signup.firstName,
          lastName: signup.lastName,
          startDate: deps.now,
          endDate: trialEndDate(deps.now),
          createdAt: deps.now,
        },
      });
      // The trial's own emails are service mail; news and offers only with the box ticked.
      if (signup.marketingOptIn) await recordOptIn(tx, trial.email, "free-trial", deps.now);
      const { email } = await queueEmail(
        tx,
        {
          to: trial.email,
          template: "trial-welcome",
          props: { firstName: trial.firstName, trialEndDate: formatTrialDate(trial.endDate), siteUrl: deps.siteUrl },
          idempotencyKey: `trial-welcome:${trial.id}`,
        },
        { logger: deps.logger, now: deps.now },
      );
      return { trial, email };
    }, OUTBOX_TRANSACTION);
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "already-started" };
    throw error;
  }
  deliverSoon(db, [started.email], { logger: deps.logger });
  return { status: "started", trial: started.trial };
}
