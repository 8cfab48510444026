import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Entitlements } from "@/lib/entitlements";
import { recordOptIn } from "@/lib/email/unsubscribe";

/**
 * Email preferences of an account (issue 11 item 5, docs/billing.md): how alerts arrive
 * (instant only on plans with real-time alerts) and which kinds of email are off.
 * "marketing" is the same switch as the one-click unsubscribe link: turning it off adds
 * the address to email_suppressions (and ends the newsletter), turning it on lifts the
 * suppression; an unsubscribe by link shows here as "marketing" off.
 */
export const ALERT_FREQUENCIES = ["instant", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const EMAIL_KINDS = ["alerts", "digest", "marketing"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_KIND_LABELS: Readonly<Record<EmailKind, string>> = {
  alerts: "Alert emails (each alert as it is sent)",
  digest: "Daily or weekly digest",
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

/** The preferences as they stand, marketing following the suppression list. */
export async function preferencesOf(db: PrismaClient, subscriberId: string): Promise<Preferences> {
  const s = await db.subscriber.findUniqueOrThrow({ where: { id: subscriberId }, select: { email: true, alertFrequency: true, emailOptOuts: true } });
  const suppressed = (await db.emailSuppression.findUnique({ where: { email: s.email } })) !== null;
  const kinds = new Set(s.emailOptOuts.filter(isKind));
  if (suppressed) kinds.add("marketing");
  else kinds.delete("marketing");
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
        await tx.emailSuppression.createMany({ data: [{ email: subscriber.email, reason: "account-preferences" }], skipDuplicates: true });
        await tx.newsletter.deleteMany({ where: { email: subscriber.email } });
      } else {
        await recordOptIn(tx, subscriber.email);
      }
    }
  });
  return preferencesOf(db, subscriber.id);
}
