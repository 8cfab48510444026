import type { PrismaClient } from "@/lib/db/generated/client";
import { EMAIL_STATUS } from "@/lib/email/outbox";
import { DAY_MS, FOLLOW_UP_JOB_NAME, FOLLOW_UP_TEMPLATES, FOLLOW_UP_TYPES, nextFollowUp, type FollowUpType } from "./schedule";

/**
 * The figures of the admin trial dashboard. Bounded whatever the number of trials: counts
 * and the per-template tally are aggregates in SQL, and the "next due" list reads at most
 * NEXT_DUE rows per follow-up type.
 */
const NEXT_DUE = 10;

/**
 * The trials that can hold the next NEXT_DUE follow-ups: for each type, the running trials
 * that have neither it nor a later type yet (the only ones whose next follow-up can be of
 * that type or earlier), earliest due first. day2 and day5 fall due from the start date,
 * day7 from the end date.
 */
async function nextDueCandidates(db: PrismaClient, running: { isActive: boolean; hasConverted: boolean; endDate: { gt: Date } }) {
  const select = { id: true, email: true, startDate: true, endDate: true, isActive: true, hasConverted: true, followUps: { select: { emailType: true } } } as const;
  const pages = await Promise.all(
    FOLLOW_UP_TYPES.map((type, index) =>
      db.freeTrial.findMany({
        where: { ...running, followUps: { none: { emailType: { in: [...FOLLOW_UP_TYPES.slice(index)] } } } },
        orderBy: type === "day7" ? { endDate: "asc" } : { startDate: "asc" },
        take: NEXT_DUE,
        select,
      }),
    ),
  );
  return pages.flat();
}

export type FollowUpCounts = Record<FollowUpType, number>;

export type TrialDashboardStats = {
  /** Trials running now: active, not converted, before their end. */
  activeTrials: number;
  /** Of those, ending within the next 48 hours. */
  endingWithin48h: number;
  convertedTrials: number;
  /** Follow-up emails (automatic and manual) the provider accepted, by type. */
  followUpsSentByType: FollowUpCounts;
  /** Every follow-up email recorded, by type and status (sent, logged, failed, queued, suppressed, cancelled). */
  followUpsByStatus: Record<FollowUpType, Record<string, number>>;
  /** The next follow-ups to go out (overdue first), at most 10. */
  nextDue: { email: string; emailType: FollowUpType; dueAt: Date }[];
  /** When the follow-up job last started (timer, cron or command line); null = never. */
  schedulerLastRunAt: Date | null;
  schedulerLastRun: { startedAt: Date; finishedAt: Date | null; outcome: string; trigger: string } | null;
};

/** The figures of the admin trial dashboard, at `now`. */
export async function trialDashboardStats(db: PrismaClient, now: Date): Promise<TrialDashboardStats> {
  const running = { isActive: true, hasConverted: false, endDate: { gt: now } };
  const [activeTrials, endingWithin48h, convertedTrials, grouped, trials, lastRun] = await Promise.all([
    db.freeTrial.count({ where: running }),
    db.freeTrial.count({ where: { ...running, endDate: { gt: now, lte: new Date(now.getTime() + 2 * DAY_MS) } } }),
    db.freeTrial.count({ where: { hasConverted: true } }),
    db.sentEmail.groupBy({ by: ["template", "status"], where: { template: { in: Object.values(FOLLOW_UP_TEMPLATES) } }, _count: { _all: true } }),
    nextDueCandidates(db, running),
    db.jobRun.findFirst({ where: { name: FOLLOW_UP_JOB_NAME }, orderBy: { startedAt: "desc" } }),
  ]);

  const followUpsSentByType: FollowUpCounts = { day2: 0, day5: 0, day7: 0 };
  const followUpsByStatus: Record<FollowUpType, Record<string, number>> = { day2: {}, day5: {}, day7: {} };
  for (const row of grouped) {
    const type = FOLLOW_UP_TYPES.find((t) => FOLLOW_UP_TEMPLATES[t] === row.template);
    if (!type) continue;
    followUpsByStatus[type][row.status] = row._count._all;
    if (row.status === EMAIL_STATUS.sent) followUpsSentByType[type] += row._count._all;
  }

  const nextDue = [...new Map(trials.map((t) => [t.id, t])).values()]
    .map((trial) => {
      const next = nextFollowUp(trial, trial.followUps, now);
      return next ? { email: trial.email, ...next } : null;
    })
    .filter((n): n is { email: string; emailType: FollowUpType; dueAt: Date } => n !== null)
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
    .slice(0, NEXT_DUE);

  return {
    activeTrials,
    endingWithin48h,
    convertedTrials,
    followUpsSentByType,
    followUpsByStatus,
    nextDue,
    schedulerLastRunAt: lastRun?.startedAt ?? null,
    schedulerLastRun: lastRun
      ? { startedAt: lastRun.startedAt, finishedAt: lastRun.finishedAt, outcome: lastRun.outcome, trigger: lastRun.trigger }
      : null,
  };
}
