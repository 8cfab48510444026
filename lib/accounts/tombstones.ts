import "server-only";
import { createHmac } from "node:crypto";
import type { Db } from "@/lib/db/types";
import { getSecret } from "@/lib/secrets";
import { normalizeEmail } from "./subscribers";

/**
 * Trial tombstones (docs/accounts.md, "Deleting an account and the free trial"): when an
 * account that used its free trial is deleted, we keep one keyed hash of its email, and a new
 * account for that email starts no second trial. Nothing else of the account is kept.
 *
 * The hash is HMAC-SHA256 of the normalised email (trimmed, lower-cased) under
 * TRIAL_TOMBSTONE_SECRET (lib/secrets.ts), not a plain SHA-256: email addresses are easy to
 * guess, so a plain hash in a copied database would tell anyone with a list of addresses which
 * of them once had an account here; with the key kept outside the database it tells nothing.
 * The price: the key must never change, or the kept hashes stop matching (those emails would
 * get a trial again, nothing worse).
 */
const CONTEXT = "tariffwatch-trial-tombstone-v1:";

export function tombstoneHash(email: string, secret: string = getSecret("trial-tombstone")): string {
  return createHmac("sha256", secret).update(`${CONTEXT}${normalizeEmail(email)}`).digest("base64url");
}

/** Records that `email` used its trial (in the deletion's transaction). Once per email. */
export async function recordTrialTombstone(db: Db, email: string, now: Date): Promise<void> {
  await db.trialTombstone.createMany({ data: [{ emailHash: tombstoneHash(email), createdAt: now }], skipDuplicates: true });
}

/** Whether an account of `email` used a trial and was deleted. */
export async function hadTrialBefore(db: Db, email: string): Promise<boolean> {
  return (await db.trialTombstone.findUnique({ where: { emailHash: tombstoneHash(email) }, select: { emailHash: true } })) !== null;
}
