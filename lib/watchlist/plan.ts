import { PLANS, type PlanId } from "@/lib/catalog";
import { ENTITLEMENT_LABELS, PLAN_ENTITLEMENTS, planName, type Access, type EntitlementName } from "@/lib/entitlements";

/** The next plan up from the subscriber's and what it unlocks (labels from the entitlements table); null at the top. */
export function upgradeFor(access: Access): { planId: PlanId; name: string; unlocks: string[]; checkoutPath: string } | null {
  const order: PlanId[] = ["consumer", "professional", "pro-alerts"];
  const current = access.plan === null || access.plan === "free-trial" ? -1 : order.indexOf(access.plan);
  const next = order[current + 1];
  if (!next) return null;
  const e = PLAN_ENTITLEMENTS[next];
  const unlocks: string[] = [];
  if (e.maxCategories === null && access.entitlements.maxCategories !== null) unlocks.push("Unlimited categories");
  for (const name of Object.keys(ENTITLEMENT_LABELS) as EntitlementName[]) {
    if (e[name] && !access.entitlements[name]) unlocks.push(ENTITLEMENT_LABELS[name]);
  }
  if (e.alertsPerDay > access.entitlements.alertsPerDay) unlocks.push(`Up to ${e.alertsPerDay} alerts a day`);
  return { planId: next, name: planName(next), unlocks, checkoutPath: PLANS[next].checkoutPath };
}
