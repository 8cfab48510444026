import type { PrismaClient } from "@/lib/db/generated/client";
import { accessOn, type Access } from "@/lib/entitlements";

/**
 * A subscriber's access now: the facts (trial, subscriptions) read from the database and
 * folded by the entitlements module's pure `accessOn` (lib/entitlements).
 */
export async function accessOf(db: PrismaClient, subscriberId: string, now: Date): Promise<Access> {
  const [trial, subscriptions] = await Promise.all([
    db.freeTrial.findFirst({ where: { subscriberId }, orderBy: { startDate: "desc" }, select: { startDate: true, endDate: true, isActive: true } }),
    db.subscription.findMany({ where: { subscriberId }, select: { planId: true, status: true, currentPeriodEnd: true, cancelAtPeriodEnd: true } }),
  ]);
  return accessOn({ trial, subscriptions }, now);
}
