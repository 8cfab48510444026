import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Entitlements } from "@/lib/entitlements";
import { mayReceiveMarketing, recordOptIn, unsubscribe } from "@/lib/email/unsubscribe";

/**
 * Email preferences of an account (docs/billing.md): how alerts arrive
 * (instant only on plans with real-time alerts) and which kinds of email are off.
 * "alerts" off stops every alert email: each one on its own and the alerts in the digest
 * (lib/alerts/deliver.ts), so a trial, whose alerts come in its weekly digest, can stop
 * them here too. "marketing" is off until the person turns it on (docs/email.md,
 * "Consent"): turning it on records the consent and lifts an earlier unsubscribe; turning it
 * off is the one-click unsubscribe (email_suppressions, and the newsletter ends); an
 * unsubscribe by link shows here as "marketing" off.
 */
export const ALERT_FREQUENCIES = ["instant", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const EMAIL_KINDS = ["alerts", "digest", "marketing"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_KIND_LABELS: Readonly<Record<EmailKind, string>> = {
  alerts: "Alert emails: each alert, on its own or in your digest",
  digest: "The daily or weekly digest: your watches and the latest price figures",
  marketing: "News, offers and the newsletter",
};

export const preferencesSchema = z
  .object({
    alertFrequency: z.enum(ALERT_FREQUENCIES, { error: "Choose instant, daily or weekly." }).optional(),
    emailOptOuts: z
      .array(z.enum(EMAIL_KINDS, { error: "Email kinds are alerts, digest and marketing." }), { error: "Send the kinds of email to switch off as a list." })
      .max(EMAIL_KINDS.length, { error: "Email kinds are alerts, digest and marketing." })
      .optional(),
  })
  .strict()
  .refine((v) => v.alertFrequency !== undefined || v.emailOptOuts !== undefined, {
    error: "Send alertFrequency, emailOptOuts or both.",
    path: ["alertFrequency"],
  });
export type PreferencesInput = z.output<typeof preferencesSchema>;

export type Preferences = { alertFrequency: AlertFrequency; emailOptOuts: EmailKind[] };

const isKind = (v: string): v is EmailKind => (EMAIL_KINDS as readonly string[]).includes(v);

/** The preferences as they stand, marketing following the consent (and the suppression list). */
export async function preferencesOf(db: PrismaClient, subscriberId: string): Promise<Preferences> {
  const s = await db.subscriber.findUniqueOrThrow({ where: { id: subscriberId }, select: { email: true, alertFrequency: true, emailOptOuts: true } });
  const kinds = new Set(s.emailOptOuts.filter(isKind));
  if (await mayReceiveMarketing(db, s.email)) kinds.delete("marketing");
  else kinds.add("marketing");
  const frequency = (ALERT_FREQUENCIES as readonly string[]).includes(s.alertFrequency) ? (s.alertFrequency as AlertFrequency) : "weekly";
  return { alertFrequency: frequency, emailOptOuts: EMAIL_KINDS.filter((k) => kinds.has(k)) };
}

export class PlanRequiredError extends Error {}

/** Saves preferences; instant alerts need a plan with real-time alerts (PlanRequiredError otherwise). */
export async function savePreferences(
  db: PrismaClient,
  subscriber: { id: string; email: string },
  entitlements: Entitlements,
  input: PreferencesInput,
  now: Date,
): Promise<Preferences> {
  if (input.alertFrequency === "instant" && !entitlements.realtimeAlerts) throw new PlanRequiredError();
  const current = await db.subscriber.findUniqueOrThrow({ where: { id: subscriber.id }, select: { emailOptOuts: true } });
  // Kinds we do not manage here (e.g. "sms") are kept as they are.
  const others = current.emailOptOuts.filter((k) => !isKind(k));
  await db.$transaction(async (tx) => {
    await tx.subscriber.update({
      where: { id: subscriber.id },
      data: {
        ...(input.alertFrequency ? { alertFrequency: input.alertFrequency } : {}),
        ...(input.emailOptOuts ? { emailOptOuts: [...others, ...EMAIL_KINDS.filter((k) => input.emailOptOuts!.includes(k))] } : {}),
      },
    });
    if (input.emailOptOuts) {
      if (input.emailOptOuts.includes("marketing")) {
        // Off: a no-op for an account that never turned it on (no suppression recorded for it).
        if (await mayReceiveMarketing(tx, subscriber.email)) await unsubscribe(tx, subscriber.email, "account-preferences");
      } else {
        await recordOptIn(tx, subscriber.email, "account", now);
      }
    }
  });
  return preferencesOf(db, subscriber.id);
}
