import type { EbookSignup as EbookSignupRow, PrismaClient } from "@/lib/db/generated/client";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { deliverSoon } from "@/lib/email/deliver-soon";
import { OUTBOX_TRANSACTION, queueEmail, type EmailLogger } from "@/lib/email/outbox";
import { recordOptIn } from "@/lib/email/unsubscribe";
import { accessUrl, createAccessToken } from "./access";
import type { EbookSignup } from "./signup-schema";

/**
 * The free-preview signup: one ebook_signups row per email, and the preview email with
 * a signed link to chapters 1-3. Signing up again re-sends the preview instead of
 * failing; a double submission (the same address within RESEND_WINDOW_MS) sends one email.
 */
export const RESEND_WINDOW_MS = 10 * 60 * 1000;

export type PreviewSignupDeps = { now: Date; siteUrl: string; secret: string; logger?: EmailLogger };

export type PreviewSignupResult = { status: "signed-up" | "resent"; signup: EbookSignupRow; emailDuplicate: boolean };

export async function signUpForPreview(
  db: PrismaClient,
  input: Omit<EbookSignup, "marketingOptIn"> & { marketingOptIn?: boolean },
  deps: PreviewSignupDeps,
): Promise<PreviewSignupResult> {
  const window = Math.floor(deps.now.getTime() / RESEND_WINDOW_MS);
  const token = createAccessToken("preview", input.email, deps.secret);
  // The signup and its preview email in one transaction (docs/email.md, "Sending").
  const result = await db.$transaction(async (tx) => {
    // The account of this email (one per email); the signup belongs to it.
    const subscriber = await findOrCreateSubscriber(tx, input.email, deps.now);
    // INSERT ... ON CONFLICT DO NOTHING: signing up again finds the row instead of failing.
    const [created] = await tx.ebookSignup.createManyAndReturn({
      data: [{ email: input.email, name: input.name, subscriberId: subscriber.id }],
      skipDuplicates: true,
    });
    let signup = created ?? (await tx.ebookSignup.findUniqueOrThrow({ where: { email: input.email } }));
    // The chapters asked for are service mail (sent whatever the marketing choice); news and
    // offers only with the form's box ticked (docs/email.md, "Consent").
    if (input.marketingOptIn) await recordOptIn(tx, signup.email, "ebook-preview", deps.now);
    const { email, duplicate } = await queueEmail(
      tx,
      {
        to: signup.email,
        template: "ebook-preview",
        props: { name: signup.name, previewUrl: accessUrl(deps.siteUrl, token), siteUrl: deps.siteUrl },
        idempotencyKey: `ebook-preview:${signup.id}:${window}`,
      },
      { logger: deps.logger, now: deps.now },
    );
    // "queued" will go out (delivered after this request, retried on failure).
    if (!signup.previewSent && (email.status === "sent" || email.status === "logged" || email.status === "queued")) {
      signup = await tx.ebookSignup.update({ where: { id: signup.id }, data: { previewSent: true } });
    }
    return { status: created ? ("signed-up" as const) : ("resent" as const), signup, email, duplicate };
  }, OUTBOX_TRANSACTION);
  deliverSoon(db, [result.email], { logger: deps.logger });
  return { status: result.status, signup: result.signup, emailDuplicate: result.duplicate };
}
