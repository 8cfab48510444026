import type { PrismaClient } from "@/lib/db/generated/client";
import { deliverDueEmails, queueEmail, type QueueEmailInput, type QueueEmailOptions, type QueueEmailResult } from "@/lib/email/outbox";

/**
 * What a request and the delivery after it do together (docs/email.md, "Sending"): record
 * the message, then deliver it (as `deliverSoon` does after the response, or the
 * email-delivery job), and answer the record as it stands afterwards.
 */
export async function queueAndDeliver(db: PrismaClient, input: QueueEmailInput, deps: QueueEmailOptions = {}): Promise<QueueEmailResult> {
  const queued = await queueEmail(db, input, deps);
  await deliverDueEmails(db, deps.now ?? new Date(), { ...deps, ids: [queued.email.id] });
  return { email: await db.sentEmail.findUniqueOrThrow({ where: { id: queued.email.id } }), duplicate: queued.duplicate };
}
