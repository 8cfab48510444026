import { PLANS, type PlanId } from "@/lib/catalog";
import { cheapestPlanWith, ENTITLEMENT_LABELS, PLAN_ENTITLEMENTS, planName, type Access, type EntitlementName } from "@/lib/entitlements";
import { CHECKOUT_VARIANTS, type CheckoutVariantId } from "@/lib/payments/checkout-variants";

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

/**
 * Where "upgrade to use this" leads (docs/billing.md "Upgrade prompts"): a running paid
 * plan changes plan on /account (no second subscription); anyone else goes to the card
 * checkout of the cheapest plan with the feature.
 */
export function upgradePathFor(access: Access, entitlement: EntitlementName): { planName: string; href: string } {
  const target = cheapestPlanWith(entitlement);
  const paying = access.plan !== null && access.plan !== "free-trial" && !access.alertsPaused;
  const checkout = PLANS[target].checkoutPath.slice(1) as CheckoutVariantId;
  const href = paying ? "/account" : (CHECKOUT_VARIANTS[checkout]?.cardAlternative ?? PLANS[target].checkoutPath);
  return { planName: planName(target), href };
}
