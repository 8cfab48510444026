import type { EbookSignup as EbookSignupRow, PrismaClient } from "@/lib/db/generated/client";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { isUniqueViolation } from "@/lib/db/errors";
import { queueEmail, type EmailLogger } from "@/lib/email/outbox";
import { recordOptIn } from "@/lib/email/unsubscribe";
import { accessUrl, createAccessToken } from "./access";
import type { EbookSignup } from "./schema";

/**
 * The free-preview signup: one ebook_signups row per email, and the preview email with
 * a signed link to chapters 1-3. Signing up again re-sends the preview instead of
 * failing; a double submission (the same address within RESEND_WINDOW_MS) sends one email.
 */
export const RESEND_WINDOW_MS = 10 * 60 * 1000;

export type PreviewSignupDeps = { now: Date; siteUrl: string; secret: string; logger?: EmailLogger };

export type PreviewSignupResult = { status: "signed-up" | "resent"; signup: EbookSignupRow; emailDuplicate: boolean };

export async function signUpForPreview(db: PrismaClient, input: EbookSignup, deps: PreviewSignupDeps): Promise<PreviewSignupResult> {
  let signup: EbookSignupRow;
  let status: PreviewSignupResult["status"] = "signed-up";
  // The account of this email (one per email); the signup belongs to it.
  const subscriber = await findOrCreateSubscriber(db, input.email, deps.now);
  try {
    signup = await db.ebookSignup.create({ data: { email: input.email, name: input.name, subscriberId: subscriber.id } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    signup = await db.ebookSignup.findUniqueOrThrow({ where: { email: input.email } });
    status = "resent";
  }

  // Asking for the preview is consent to receive it, even after an earlier unsubscribe.
  await recordOptIn(db, signup.email);
  const window = Math.floor(deps.now.getTime() / RESEND_WINDOW_MS);
  const token = createAccessToken("preview", signup.email, deps.secret);
  const { email, duplicate } = await queueEmail(
    db,
    {
      to: signup.email,
      template: "ebook-preview",
      props: { name: signup.name, previewUrl: accessUrl(deps.siteUrl, token), siteUrl: deps.siteUrl },
      idempotencyKey: `ebook-preview:${signup.id}:${window}`,
    },
    { logger: deps.logger },
  );
  // "queued" includes a send that failed and is scheduled for a retry: it will go out.
  if (!signup.previewSent && (email.status === "sent" || email.status === "logged" || email.status === "queued")) {
    signup = await db.ebookSignup.update({ where: { id: signup.id }, data: { previewSent: true } });
  }
  return { status, signup, emailDuplicate: duplicate };
}
