import { after } from "next/server";
import type { PrismaClient, SentEmail } from "@/lib/db/generated/client";
import { deliverDueEmails, EMAIL_STATUS, type EmailDeps } from "./outbox";

/**
 * The kick after a request (docs/email.md, "Sending"): once the request's transaction has
 * committed, the messages it recorded are delivered by Next's `after()`, which runs after
 * the response has been sent, so nobody waits for the email provider and a sign-in link
 * still arrives within seconds. At most KICK_LIMIT messages per request; the job
 * "email-delivery" (every minute, lib/jobs/registry.ts) delivers the rest, and anything a
 * kick did not finish (the process stopped, the provider failed: retries follow the
 * backoff of lib/email/retry-policy.ts).
 *
 * Outside a request (a job on the timer or the command line, a test) there is nothing to
 * run after, and the kick does nothing: the job delivers. No `server-only`: the alert
 * jobs that `npm run jobs:run` loads call it.
 */
export const KICK_LIMIT = 10;

type Recorded = Pick<SentEmail, "id" | "status">;

/** Kicks delivery of the queued ones among `emails`; true when a kick was scheduled. Call it after the transaction commits. */
export function deliverSoon(db: PrismaClient, emails: readonly (Recorded | null | undefined)[], deps: Omit<EmailDeps, "now"> = {}): boolean {
  const ids = emails
    .filter((e): e is Recorded => Boolean(e) && e!.status === EMAIL_STATUS.queued)
    .map((e) => e.id)
    .slice(0, KICK_LIMIT);
  if (ids.length === 0) return false;
  const deliver = async () => {
    try {
      await deliverDueEmails(db, new Date(), { ...deps, ids });
    } catch (error) {
      // Still queued (or claimed for the lease): the job delivers it.
      console.warn(`[email] delivery after the request failed; the email-delivery job will retry: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  try {
    after(deliver);
    return true;
  } catch {
    return false; // not in a request: the email-delivery job delivers it
  }
}
