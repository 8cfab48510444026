import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import { accessOn, type Access, type AccessFacts } from "@/lib/entitlements";

/**
 * A subscriber's access now: the facts (latest trial, subscriptions) read from the database
 * in one statement and folded by the entitlements module's pure `accessOn` (lib/entitlements).
 */
export async function accessOf(db: PrismaClient, subscriberId: string, now: Date): Promise<Access> {
  const rows = await db.$queryRaw<AccessFactsRow[]>`SELECT ${accessFactsColumns(Prisma.sql`${subscriberId}::uuid`)}`;
  return accessOn(accessFactsFrom(rows[0] ?? { trial: null, subscriptions: [] }), now);
}

/** The two JSON columns `accessFactsColumns` selects, as the driver returns them. */
export type AccessFactsRow = { trial: unknown; subscriptions: unknown };

/**
 * Two columns for a SELECT, for the subscriber whose id is `subscriberId` (a parameter or a
 * column of the outer query): `trial`, the latest free trial as JSON (or null), and
 * `subscriptions`, every subscription as a JSON array. A page or a signed-in call reads its
 * session and its access in one round trip with them (lib/accounts/session.ts).
 */
export function accessFactsColumns(subscriberId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    (SELECT json_build_object('startDate', t."startDate", 'endDate', t."endDate", 'isActive', t."isActive")
       FROM free_trials t WHERE t."subscriberId" = ${subscriberId} ORDER BY t."startDate" DESC LIMIT 1) AS trial,
    (SELECT coalesce(json_agg(json_build_object('planId', s."planId", 'status', s.status, 'currentPeriodEnd', s."currentPeriodEnd", 'cancelAtPeriodEnd', s."cancelAtPeriodEnd")), '[]'::json)
       FROM subscriptions s WHERE s."subscriberId" = ${subscriberId}) AS subscriptions`;
}

type TrialJson = { startDate: string; endDate: string; isActive: boolean };
type SubscriptionJson = { planId: string; status: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean };

function json<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/** The facts `accessOn` folds, from the columns of `accessFactsColumns` (JSON timestamps -> Date). */
export function accessFactsFrom(row: AccessFactsRow): AccessFacts {
  const trial = json<TrialJson | null>(row.trial);
  const subscriptions = json<SubscriptionJson[] | null>(row.subscriptions) ?? [];
  return {
    trial: trial ? { startDate: new Date(trial.startDate), endDate: new Date(trial.endDate), isActive: trial.isActive } : null,
    subscriptions: subscriptions.map((s) => ({
      planId: s.planId,
      status: s.status,
      currentPeriodEnd: s.currentPeriodEnd ? new Date(s.currentPeriodEnd) : null,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    })),
  };
}
