import type { Db } from "@/lib/db/types";

/** A paid customer's free trial has converted: its follow-up emails stop. */
export async function markTrialConverted(db: Db, email: string): Promise<void> {
  await db.freeTrial.updateMany({ where: { email: email.toLowerCase(), hasConverted: false }, data: { hasConverted: true } });
}
