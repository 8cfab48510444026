import { PLANS, TRIAL_DAYS, type PlanId } from "@/lib/catalog";

/**
 * What each plan unlocks: the one table every handler and page asks
 * (docs/accounts.md). Read from the catalog's plans; enforced on the server, shown in the
 * UI with what an upgrade unlocks. No `server-only`: pages show the same table.
 */
export type Entitlements = {
  /** Distinct watched categories (items count toward their category); null = unlimited. */
  maxCategories: number | null;
  /** Alerts by instant email as they happen (else only in the daily or weekly digest). */
  realtimeAlerts: boolean;
  /** Lower-tariff sources for a watched item. */
  alternativeFinder: boolean;
  /** Projections in dollars on the subscriber's own items and prices. */
  impactCalculator: boolean;
  /** Category CPI beside each projection, refreshed with the dashboard. */
  liveMarketData: boolean;
  emailAlerts: boolean;
  /** SMS alerts, when an SMS provider is configured. */
  smsAlerts: boolean;
  /** The weekly market report (digest with the dashboard's CPI/PPI movements). */
  weeklyReport: boolean;
  /** Own threshold per watch (else the plan default). */
  customThresholds: boolean;
  csvExport: boolean;
  /** Personal API keys and /api/v1. */
  apiAccess: boolean;
  prioritySupport: boolean;
  /** Alerts sent per subscriber per day before the rest wait for the digest. */
  alertsPerDay: number;
};

export type EntitlementName = keyof Omit<Entitlements, "maxCategories" | "alertsPerDay">;

/** The default alert threshold (percent) for plans without custom thresholds (docs/tariffs.md, "Watchlist and projections"). */
export const DEFAULT_THRESHOLD_PCT = 3;
export const DEFAULT_HORIZON_DAYS = 180;

const NONE: Entitlements = {
  maxCategories: 0,
  realtimeAlerts: false,
  alternativeFinder: false,
  impactCalculator: false,
  liveMarketData: false,
  emailAlerts: false,
  smsAlerts: false,
  weeklyReport: false,
  customThresholds: false,
  csvExport: false,
  apiAccess: false,
  prioritySupport: false,
  alertsPerDay: 0,
};

const TRIAL: Entitlements = { ...NONE, maxCategories: 3, emailAlerts: true, weeklyReport: true, alertsPerDay: 3 };

const CONSUMER: Entitlements = {
  ...TRIAL,
  maxCategories: null,
  realtimeAlerts: true,
  alternativeFinder: true,
  impactCalculator: true,
  liveMarketData: true,
  smsAlerts: true,
  alertsPerDay: 5,
};

const PROFESSIONAL: Entitlements = { ...CONSUMER, customThresholds: true, csvExport: true, apiAccess: true, prioritySupport: true, alertsPerDay: 10 };

/** Pro Alerts: everything in Professional, with a higher daily alert cap (its "fastest delivery": no alert waits for the digest below 25 a day). */
const PRO_ALERTS: Entitlements = { ...PROFESSIONAL, alertsPerDay: 25 };

export const PLAN_ENTITLEMENTS: Readonly<Record<PlanId, Entitlements>> = {
  "free-trial": TRIAL,
  consumer: CONSUMER,
  professional: PROFESSIONAL,
  "pro-alerts": PRO_ALERTS,
};

/** What a lapsed account keeps: its data, no alerts. */
export const LAPSED_ENTITLEMENTS: Entitlements = NONE;

/** The cheapest plan that has an entitlement (for "upgrade to X to ..." messages). */
export function cheapestPlanWith(name: EntitlementName | "unlimitedCategories"): PlanId {
  const order: PlanId[] = ["free-trial", "consumer", "professional", "pro-alerts"];
  for (const id of order) {
    const e = PLAN_ENTITLEMENTS[id];
    if (name === "unlimitedCategories" ? e.maxCategories === null : e[name]) return id;
  }
  return "pro-alerts";
}

export function planName(id: PlanId): string {
  return PLANS[id].name;
}

export const ENTITLEMENT_LABELS: Readonly<Record<EntitlementName, string>> = {
  realtimeAlerts: "Real-time alerts by email",
  alternativeFinder: "Lower-tariff source finder",
  impactCalculator: "Dollar impact on your own items",
  liveMarketData: "Official CPI figures beside each projection",
  emailAlerts: "Email notifications",
  smsAlerts: "SMS alerts (when SMS is configured)",
  weeklyReport: "Weekly market report",
  customThresholds: "Custom alert thresholds",
  csvExport: "CSV export",
  apiAccess: "API access with personal keys",
  prioritySupport: "Priority support contact",
};

/** Status of an account's access, computed from its trial and subscriptions. */
export type AccessStatus = "trialing" | "active" | "past_due" | "cancelling" | "lapsed" | "none";

export type Access = {
  plan: PlanId | null;
  status: AccessStatus;
  trialEndsAt: Date | null;
  /** Days left in the trial (rounded up), when trialing. */
  trialDaysLeft: number | null;
  /** When a cancelled (at period end) or lapsing plan ends. */
  endsAt: Date | null;
  entitlements: Entitlements;
  /** Alerts pause when nothing grants access; account and watchlist stay. */
  alertsPaused: boolean;
};

export type AccessFacts = {
  trial: { startDate: Date; endDate: Date; isActive: boolean } | null;
  /** The subscriptions of the account (any provider). */
  subscriptions: { planId: string; status: string; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean }[];
};

const DAY_MS = 24 * 60 * 60 * 1000;
const GRANTING = new Set(["active", "trialing", "past_due"]);
const RANK: Record<string, number> = { consumer: 1, professional: 2, "pro-alerts": 3 };

function isPlanId(value: string): value is Exclude<PlanId, "free-trial"> {
  return value === "consumer" || value === "professional" || value === "pro-alerts";
}

/**
 * Access on a date (a pure function of the facts and `now`): the best subscription that
 * grants access (active, trialing or past due while the provider retries, and not past
 * its period end when cancelled at period end), else the 7-day trial while it runs,
 * else lapsed (account and watchlist kept, alerts paused).
 */
export function accessOn(facts: AccessFacts, now: Date): Access {
  const granting = facts.subscriptions
    .filter((s) => isPlanId(s.planId) && GRANTING.has(s.status) && !(s.cancelAtPeriodEnd && s.currentPeriodEnd && s.currentPeriodEnd <= now))
    .sort((a, b) => (RANK[b.planId] ?? 0) - (RANK[a.planId] ?? 0));
  const best = granting[0];
  if (best && isPlanId(best.planId)) {
    const status: AccessStatus = best.status === "past_due" ? "past_due" : best.cancelAtPeriodEnd ? "cancelling" : "active";
    return {
      plan: best.planId,
      status,
      trialEndsAt: null,
      trialDaysLeft: null,
      endsAt: best.cancelAtPeriodEnd ? best.currentPeriodEnd : null,
      entitlements: PLAN_ENTITLEMENTS[best.planId],
      alertsPaused: false,
    };
  }
  const trial = facts.trial;
  if (trial && trial.isActive && trial.endDate > now) {
    return {
      plan: "free-trial",
      status: "trialing",
      trialEndsAt: trial.endDate,
      trialDaysLeft: Math.max(1, Math.ceil((trial.endDate.getTime() - now.getTime()) / DAY_MS)),
      endsAt: trial.endDate,
      entitlements: PLAN_ENTITLEMENTS["free-trial"],
      alertsPaused: false,
    };
  }
  const hadSomething = Boolean(trial) || facts.subscriptions.length > 0;
  return {
    plan: null,
    status: hadSomething ? "lapsed" : "none",
    trialEndsAt: trial?.endDate ?? null,
    trialDaysLeft: null,
    endsAt: null,
    entitlements: LAPSED_ENTITLEMENTS,
    alertsPaused: true,
  };
}

export { TRIAL_DAYS };
