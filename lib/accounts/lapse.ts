import type { PrismaClient } from "@/lib/db/generated/client";
import { PLANS, type PlanId } from "@/lib/catalog";
import { OUTBOX_TRANSACTION, queueEmail, type EmailDeps } from "@/lib/email/outbox";
import { accessOf } from "./access";

/**
 * Lapse (docs/billing.md): when a trial ends or a plan lapses the account
 * and watchlist stay, alerts pause (lib/entitlements `alertsPaused`), and ONE email says
 * so. Run as the job "lapse-notices" (lib/jobs/registry.ts).
 *
 * - An account is told once per lapse: the claim is setting Subscriber.lapseNotifiedAt
 *   where it is null (so parallel runs cannot both send), and the email's idempotency key
 *   names the lapse: `access-paused:<subscriber>:trial:<trial end>` or
 *   `access-paused:<subscriber>:sub:<subscription id>:<period end>`.
 * - When access returns (a new subscription), lapseNotifiedAt is cleared, so a later lapse
 *   is told again.
 * - Only lapses of the last LAPSE_NOTICE_WINDOW_DAYS are told: a trial that ended long
 *   before this job existed gets no surprise email.
 */
export const LAPSE_NOTICE_WINDOW_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type LapseDeps = EmailDeps & { siteUrl: string; batchSize?: number };

export type LapseResult = { checked: number; notified: number; cleared: number; failed: number };

const LONG_DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const formatDay = (d: Date) => LONG_DAY.format(d);

type Cause = { key: string; endedAt: Date; ended: { kind: "trial" } | { kind: "plan"; planName: string } };

/** What ended last: the trial or a subscription (ended, or cancelled and past its period). */
async function causeOf(db: PrismaClient, subscriberId: string, now: Date): Promise<Cause | null> {
  const [trial, subscriptions] = await Promise.all([
    db.freeTrial.findFirst({ where: { subscriberId }, orderBy: { endDate: "desc" }, select: { endDate: true } }),
    db.subscription.findMany({ where: { subscriberId }, select: { id: true, planId: true, endedAt: true, currentPeriodEnd: true, updatedAt: true } }),
  ]);
  const causes: Cause[] = [];
  if (trial && trial.endDate <= now) {
    causes.push({ key: `access-paused:${subscriberId}:trial:${trial.endDate.toISOString()}`, endedAt: trial.endDate, ended: { kind: "trial" } });
  }
  for (const s of subscriptions) {
    const endedAt = s.endedAt ?? (s.currentPeriodEnd && s.currentPeriodEnd <= now ? s.currentPeriodEnd : s.updatedAt);
    const planName = s.planId in PLANS ? PLANS[s.planId as PlanId].name : "plan";
    causes.push({
      key: `access-paused:${subscriberId}:sub:${s.id}:${(s.currentPeriodEnd ?? endedAt).toISOString()}`,
      endedAt,
      ended: { kind: "plan", planName },
    });
  }
  return causes.sort((a, b) => b.endedAt.getTime() - a.endedAt.getTime())[0] ?? null;
}

/** Sends the one "alerts paused" email to each account that lapsed and was not told; clears the mark when access returns. */
export async function notifyLapsedAccess(db: PrismaClient, now: Date, deps: LapseDeps): Promise<LapseResult> {
  const since = new Date(now.getTime() - LAPSE_NOTICE_WINDOW_DAYS * DAY_MS);
  const take = deps.batchSize ?? 500;
  const result: LapseResult = { checked: 0, notified: 0, cleared: 0, failed: 0 };

  // Access came back: the next lapse is a new one.
  const told = await db.subscriber.findMany({ where: { lapseNotifiedAt: { not: null } }, select: { id: true }, take });
  for (const { id } of told) {
    const access = await accessOf(db, id, now);
    if (!access.alertsPaused) {
      await db.subscriber.update({ where: { id }, data: { lapseNotifiedAt: null } });
      result.cleared += 1;
    }
  }

  // Accounts whose trial or subscription may have ended recently.
  const [trials, subscriptions] = await Promise.all([
    db.freeTrial.findMany({ where: { subscriberId: { not: null }, endDate: { gte: since, lte: now } }, select: { subscriberId: true }, take }),
    db.subscription.findMany({
      where: {
        subscriberId: { not: null },
        OR: [{ endedAt: { gte: since, lte: now } }, { currentPeriodEnd: { gte: since, lte: now } }, { updatedAt: { gte: since }, status: { notIn: ["active", "trialing", "past_due"] } }],
      },
      select: { subscriberId: true },
      take,
    }),
  ]);
  const ids = [...new Set([...trials, ...subscriptions].map((r) => r.subscriberId).filter((v): v is string => Boolean(v)))];
  const candidates = await db.subscriber.findMany({ where: { id: { in: ids }, lapseNotifiedAt: null }, select: { id: true, email: true } });

  for (const subscriber of candidates) {
    result.checked += 1;
    const access = await accessOf(db, subscriber.id, now);
    if (access.status !== "lapsed") continue;
    const cause = await causeOf(db, subscriber.id, now);
    if (!cause || cause.endedAt < since) continue;
    try {
      const watchCount = await db.watch.count({ where: { subscriberId: subscriber.id } });
      // The claim (only one run sets the mark) and the email in one transaction: if the
      // email cannot be recorded, the mark is not set and the next run tries again. The
      // email-delivery job delivers it (docs/email.md, "Sending").
      const notified = await db.$transaction(async (tx) => {
        const claimed = await tx.subscriber.updateMany({ where: { id: subscriber.id, lapseNotifiedAt: null }, data: { lapseNotifiedAt: now } });
        if (claimed.count !== 1) return false;
        await queueEmail(
          tx,
          {
            to: subscriber.email,
            template: "access-paused",
            props: { ended: cause.ended, endedOn: formatDay(cause.endedAt), watchCount, siteUrl: deps.siteUrl },
            idempotencyKey: cause.key,
          },
          { ...deps, now },
        );
        return true;
      }, OUTBOX_TRANSACTION);
      if (notified) result.notified += 1;
    } catch (error) {
      result.failed += 1;
      console.error(`[lapse] could not queue the access-paused email for ${subscriber.id}:`, error instanceof Error ? error.message : error);
    }
  }
  return result;
}
