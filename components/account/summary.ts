import { formatPrice, PLANS, type PlanId } from "@/lib/catalog";
import type { Access } from "@/lib/entitlements";

/**
 * What the account page says about access, as plain data (no React), so tests can read
 * it: the status line, next charge, card on file.
 */
const LONG_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
export const formatDate = (d: Date) => LONG_DATE.format(d);

export type StatusSummary = {
  status: Access["status"];
  /** Short badge text: "Trialing", "Active", "Past due", "Cancelling", "Lapsed". */
  label: string;
  /** One sentence under the badge. */
  detail: string;
  /** Alerts are paused: the page offers to subscribe. */
  paused: boolean;
};

export function statusSummary(access: Access): StatusSummary {
  const plan = access.plan ? PLANS[access.plan].name : null;
  switch (access.status) {
    case "trialing": {
      const days = access.trialDaysLeft ?? 0;
      return {
        status: "trialing",
        label: "Trialing",
        detail: `Free trial: ${days} ${days === 1 ? "day" : "days"} left${access.trialEndsAt ? `, ends ${formatDate(access.trialEndsAt)}` : ""}.`,
        paused: false,
      };
    }
    case "active":
      return { status: "active", label: "Active", detail: `${plan} is active and renews monthly.`, paused: false };
    case "past_due":
      return {
        status: "past_due",
        label: "Past due",
        detail: `The last payment for the ${plan} failed. The card provider is retrying; update your card to keep your alerts.`,
        paused: false,
      };
    case "cancelling":
      return {
        status: "cancelling",
        label: "Cancelling",
        detail: `${plan} is cancelled and ends ${access.endsAt ? formatDate(access.endsAt) : "at the end of this period"}. You keep everything until then.`,
        paused: false,
      };
    case "lapsed":
      return {
        status: "lapsed",
        label: "Lapsed",
        detail: "Your trial or plan has ended. Your account and watchlist are kept; alerts are paused until you subscribe.",
        paused: true,
      };
    case "none":
      return { status: "none", label: "No plan", detail: "You have no plan yet. Alerts start when you subscribe or start the free trial.", paused: true };
  }
}

export type NextCharge = { date: Date; amount: string } | null;

/** The next charge: the period end of a renewing subscription, at the catalog price. */
export function nextCharge(sub: { planId: string; status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null } | null): NextCharge {
  if (!sub || sub.cancelAtPeriodEnd || !sub.currentPeriodEnd) return null;
  if (!["active", "trialing", "past_due"].includes(sub.status)) return null;
  const plan = PLANS[sub.planId as PlanId];
  if (!plan) return null;
  return { date: sub.currentPeriodEnd, amount: formatPrice(plan.amountCents, { cents: true }) };
}

export function cardOnFile(sub: { cardBrand: string | null; cardLast4: string | null; provider: string } | null): string {
  if (sub?.provider === "paypal") return "PayPal";
  if (!sub?.cardLast4) return "Not on file";
  const brand = (sub.cardBrand ?? "card").replace(/^\w/, (c) => c.toUpperCase());
  return `${brand} ending in ${sub.cardLast4}`;
}
