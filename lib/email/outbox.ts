import type { PrismaClient, SentEmail } from "@/lib/db/generated/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { renderEmail, type EmailRequest } from "./templates";

/**
 * The outbox: every email is recorded in `sent_emails` before anything else happens,
 * under an idempotency key, so a retried signup or a double submission records (and,
 * once sending is real, sends) one message.
 *
 * Delivery through the email provider arrives with the email issue. Until then a
 * message is recorded with status "logged" and written to the log: it was NOT
 * delivered, and nothing says it was.
 */
export type EmailLogger = { info: (message: string) => void };

export type QueueEmailInput = EmailRequest & {
  to: string;
  /** Same key = same message: e.g. `trial-welcome:<trialId>`. */
  idempotencyKey: string;
};

export type QueueEmailResult = { email: SentEmail; duplicate: boolean };

export const EMAIL_STATUS = {
  /** No provider configured: written to the log, not delivered. */
  logged: "logged",
  queued: "queued",
  sent: "sent",
  failed: "failed",
} as const;

export async function queueEmail(
  db: PrismaClient,
  input: QueueEmailInput,
  deps: { logger?: EmailLogger } = {},
): Promise<QueueEmailResult> {
  const logger = deps.logger ?? console;
  const existing = await db.sentEmail.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
  if (existing) return { email: existing, duplicate: true };

  const rendered = await renderEmail(input);
  let email: SentEmail;
  try {
    email = await db.sentEmail.create({
      data: {
        idempotencyKey: input.idempotencyKey,
        recipient: input.to,
        template: input.template,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        status: EMAIL_STATUS.logged,
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await db.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: input.idempotencyKey } });
    return { email: raced, duplicate: true };
  }

  logger.info(
    [
      `[email] NOT DELIVERED (no email provider configured) template=${email.template} to=${email.recipient} id=${email.id}`,
      `Subject: ${email.subject}`,
      email.text,
    ].join("\n"),
  );
  return { email, duplicate: false };
}

/** Whether the server can actually deliver email (decides what signups tell people). */
export function emailDeliveryConfigured(): boolean {
  return false;
}
