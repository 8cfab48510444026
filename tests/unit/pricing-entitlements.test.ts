/**
 * Pricing cards list only what works for that plan (docs/product-rules.md §D9 and §D10): every
 * feature line of every plan in the catalog maps to an entitlement in lib/entitlements,
 * and the plan must grant it. A new or reworded line with no mapping fails, so a card can
 * never list something the server does not enforce.
 */
import { PLANS, type PlanId } from "@/lib/catalog";
import { PLAN_ENTITLEMENTS, type EntitlementName, type Entitlements } from "@/lib/entitlements";

type Check = { entitlement: string; grants: (e: Entitlements) => boolean };

const has = (name: EntitlementName): Check => ({ entitlement: name, grants: (e) => e[name] });

/** Everything the named plan grants: the same or more categories, every boolean, an equal or higher daily cap. */
const everythingIn = (plan: PlanId): Check => ({
  entitlement: `everything in ${plan}`,
  grants: (e) => {
    const base = PLAN_ENTITLEMENTS[plan];
    const categories = e.maxCategories === null || (base.maxCategories !== null && e.maxCategories >= base.maxCategories);
    const booleans = (Object.keys(base) as (keyof Entitlements)[])
      .filter((k) => typeof base[k] === "boolean")
      .every((k) => !base[k] || e[k] === true);
    return categories && booleans && e.alertsPerDay >= base.alertsPerDay;
  },
});

/** Feature line (exact text on the card) -> the entitlement that makes it true. */
const FEATURE_ENTITLEMENTS: Readonly<Record<string, Check>> = {
  "3 product categories": { entitlement: "maxCategories = 3", grants: (e) => e.maxCategories === 3 },
  "Unlimited product categories": { entitlement: "maxCategories = null", grants: (e) => e.maxCategories === null },
  // Alerts at all (digest only without realtimeAlerts), by email.
  "Basic tariff alerts (daily or weekly digest)": {
    entitlement: "alertsPerDay > 0 and emailAlerts",
    grants: (e) => e.alertsPerDay > 0 && e.emailAlerts,
  },
  "Email notifications": has("emailAlerts"),
  "Weekly market report": has("weeklyReport"),
  "Real-time tariff alerts by email": { entitlement: "realtimeAlerts and emailAlerts", grants: (e) => e.realtimeAlerts && e.emailAlerts },
  "Lower-tariff source finder": has("alternativeFinder"),
  "Dollar impact on your own items": has("impactCalculator"),
  "Official CPI figures beside each projection": has("liveMarketData"),
  "Email alerts (SMS when configured)": { entitlement: "emailAlerts and smsAlerts", grants: (e) => e.emailAlerts && e.smsAlerts },
  "Everything in Consumer": everythingIn("consumer"),
  "Everything in Professional": everythingIn("professional"),
  "Custom alert thresholds": has("customThresholds"),
  "CSV export": has("csvExport"),
  "API access": has("apiAccess"),
  "Priority support": has("prioritySupport"),
  "Up to 25 instant alerts a day (Professional: 10)": {
    entitlement: "alertsPerDay = 25 (Professional 10) and realtimeAlerts",
    grants: (e) => e.alertsPerDay === 25 && e.realtimeAlerts && PLAN_ENTITLEMENTS.professional.alertsPerDay === 10,
  },
};

const PLAN_IDS = Object.keys(PLANS) as PlanId[];

describe("pricing cards list only what the plan's entitlements grant", () => {
  it.each(PLAN_IDS)("%s: every feature line maps to an entitlement the plan has", (id) => {
    const plan = PLANS[id];
    expect(plan.features.length).toBeGreaterThan(0);
    for (const feature of plan.features) {
      const check = FEATURE_ENTITLEMENTS[feature];
      expect({ plan: id, feature, mapped: Boolean(check) }).toEqual({ plan: id, feature, mapped: true });
      if (!check) continue;
      expect({ plan: id, feature, entitlement: check.entitlement, granted: check.grants(PLAN_ENTITLEMENTS[id]) }).toEqual({
        plan: id,
        feature,
        entitlement: check.entitlement,
        granted: true,
      });
    }
  });

  it.each(PLAN_IDS)("%s: every boolean entitlement the plan grants is on its card", (id) => {
    const granted = (Object.keys(PLAN_ENTITLEMENTS[id]) as (keyof Entitlements)[]).filter((k) => PLAN_ENTITLEMENTS[id][k] === true);
    // A line covers an entitlement when a plan lacking only that entitlement would fail the line's check.
    const covered = granted.filter((name) =>
      PLANS[id].features.some((feature) => {
        const check = FEATURE_ENTITLEMENTS[feature];
        return check !== undefined && check.grants(PLAN_ENTITLEMENTS[id]) && !check.grants({ ...PLAN_ENTITLEMENTS[id], [name]: false });
      }),
    );
    expect(covered.sort()).toEqual([...granted].sort());
  });

  it("lists none of the retired, unbuilt features", () => {
    const all = PLAN_IDS.flatMap((id) => PLANS[id].features.map((f) => f.toLowerCase()));
    for (const retired of ["mobile access", "advanced analytics", "white-label", "fastest alert delivery", "export data and reports"]) {
      expect(all.filter((f) => f.includes(retired))).toEqual([]);
    }
  });

  it("the check fails for a card that lists something its plan does not grant", () => {
    // The consumer plan has no API access: a card listing it must not pass.
    const check = FEATURE_ENTITLEMENTS["API access"];
    expect(check?.grants(PLAN_ENTITLEMENTS.consumer)).toBe(false);
    expect(FEATURE_ENTITLEMENTS["Mobile access"]).toBeUndefined();
  });
});
