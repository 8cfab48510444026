import type { PrismaClient } from "@/lib/db/generated/client";
import { notifyLapsedAccess, type LapseResult } from "@/lib/accounts/lapse";
import { refreshConfigFromEnv } from "@/lib/economy/config";
import { refreshEconomicData, type RefreshSummary } from "@/lib/economy/refresh";
import type { Env } from "@/lib/env/schema";
import { describeHtsImport, importHtsRevision, type HtsImportSummary } from "@/lib/tariffs/hts-import";
import { describeAlertDigests, describeAlertEvaluation, runAlertDigests, runAlertEvaluation, type AlertDigestsSummary, type AlertEvaluationSummary } from "./alert-jobs";
import { describeEmailDelivery, describeEmailJobs, runEmailDelivery, runEmailJobs, type EmailDeliverySummary, type EmailJobsSummary } from "./email-jobs";
import { recordJobRun, type JobTrigger } from "./runs";

/**
 * The one registry of background jobs (docs/architecture.md "Jobs"). Each job is defined here once:
 * its name, its schedule (a cron expression, UTC), its handler and its log line. The same
 * entries drive:
 * - `npm run jobs:run <job>` (scripts/jobs-run.ts);
 * - GET /api/cron/<job> behind the cron secret (app/api/cron/[job]/route.ts);
 * - the in-process timer of the local set-up (lib/jobs/timer.ts, started by
 *   instrumentation.ts), at each job's `timer` interval;
 * - vercel.json's crons (tests/unit/job-registry.test.ts fails when they disagree).
 */
export type JobContext = {
  trigger: JobTrigger;
  env: Env;
  /** The clock of the run's ledger row (default: the real time). */
  clock?: () => Date;
  /** Job-specific switches: `weekly` forces the weekly digest. */
  options?: { weekly?: boolean };
};

/** What every job has besides its run: its name, its schedule and its timer. */
type JobSchedule = {
  name: string;
  /** Cron expression (UTC) of the platform scheduler; vercel.json lists the same. */
  schedule: string;
  /** The in-process timer: minutes between runs (0 = off) for this environment, and the first delay. */
  timer: { intervalMinutes: (env: Env) => number; firstRunDelayMs: number; offReason?: (env: Env) => string | null };
  /** Milliseconds until the job is due again when the timer ticks (default 0: due now). */
  dueInMs?: (db: PrismaClient, now: Date, intervalMs: number) => Promise<number>;
  /** The cron route's 503 message when CRON_SECRET is unset (default the route frame's). */
  offMessage?: string;
};

/** A job as defined below: its handler and what it says of its own summary (of type S). */
type JobDefinition<S> = JobSchedule & {
  handler: (db: PrismaClient, now: Date, ctx: JobContext) => Promise<S>;
  /** One line for the log. */
  describe: (summary: S) => string;
  /** True for a run not worth a line in the timer's log (a frequent job that found nothing to do). */
  quiet?: (summary: S) => boolean;
  /** The HTTP status of the cron route's answer (default 200). */
  httpStatus?: (summary: S) => number;
};

const deps = (ctx: JobContext, now: Date) => ({ siteUrl: ctx.env.SITE_URL, trigger: ctx.trigger, clock: ctx.clock ?? (() => now) });

/** Milliseconds until a job whose last run started at `last` is due again (0: due now, or never run). */
const dueAfter = (last: { startedAt: Date } | null, now: Date, intervalMs: number) => {
  const since = last ? now.getTime() - last.startedAt.getTime() : Infinity;
  return since < intervalMs ? intervalMs - since : 0;
};

/** Seconds between runs of the delivery timer of the local set-up (docs/email.md, "Sending"). */
export const EMAIL_DELIVERY_TIMER_SECONDS = 10;

const emailDelivery: JobDefinition<EmailDeliverySummary> = {
  name: "email-delivery",
  schedule: "* * * * *",
  handler: (db, now, ctx) => runEmailDelivery(db, now, { trigger: ctx.trigger, clock: ctx.clock ?? (() => now) }),
  describe: describeEmailDelivery,
  quiet: (s) => s.due === 0,
  // With the follow-up timer (on by default with the embedded database), every 10 seconds:
  // requests kick their own messages at once (lib/email/deliver-soon.ts), this catches the rest.
  timer: { intervalMinutes: (env) => (env.email.followUpIntervalMinutes > 0 ? EMAIL_DELIVERY_TIMER_SECONDS / 60 : 0), firstRunDelayMs: 15_000 },
  offMessage: "Scheduled email delivery is off on this server: set CRON_SECRET to turn this route on.",
};

const trialFollowUps: JobDefinition<EmailJobsSummary> = {
  name: "trial-followups",
  schedule: "*/15 * * * *",
  handler: (db, now, ctx) => runEmailJobs(db, now, deps(ctx, now)),
  describe: describeEmailJobs,
  timer: { intervalMinutes: (env) => env.email.followUpIntervalMinutes, firstRunDelayMs: 20_000 },
  offMessage: "The scheduled follow-ups are off on this server: set CRON_SECRET to turn this route on.",
};

const lapseNotices: JobDefinition<LapseResult> = {
  name: "lapse-notices",
  schedule: "*/15 * * * *",
  handler: (db, now, ctx) =>
    recordJobRun(
      db,
      { name: "lapse-notices", trigger: ctx.trigger, clock: ctx.clock ?? (() => now) },
      () => notifyLapsedAccess(db, now, { siteUrl: ctx.env.SITE_URL }),
      (r) => ({ outcome: r.failed > 0 ? "partial" : "success", summary: { ...r } }),
    ),
  describe: (r) => `lapsed accounts checked ${r.checked}: alerts-paused emails ${r.notified}, failed ${r.failed}; marks cleared ${r.cleared}`,
  // With the follow-ups: both are the scheduled email of the local set-up.
  timer: { intervalMinutes: (env) => env.email.followUpIntervalMinutes, firstRunDelayMs: 25_000 },
};

const economicRefresh: JobDefinition<RefreshSummary> = {
  name: "economic-refresh",
  schedule: "0 */6 * * *",
  handler: (db, _now, ctx) => refreshEconomicData({ db, config: refreshConfigFromEnv(ctx.env), trigger: ctx.trigger === "cron" ? "cron" : ctx.trigger === "timer" ? "timer" : "cli" }),
  describe: (s) => `economic refresh ${s.status}: BLS observations ${s.bls.observations} (${s.bls.changed} changed), Federal Register documents ${s.federalRegister.documents}, alerts ${s.alerts}`,
  httpStatus: (s) => (s.status === "failed" ? 502 : 200),
  // Only with the embedded database: with a PostgreSQL server several instances would each run it.
  timer: {
    intervalMinutes: (env) => env.economy.refreshIntervalMinutes,
    firstRunDelayMs: 30_000,
    offReason: (env) =>
      env.DATABASE_URL ? "a PostgreSQL server is configured; schedule GET /api/cron/economic-refresh instead." : null,
  },
  // A restart does not refresh again when a run happened within the last interval.
  dueInMs: async (db, now, intervalMs) => dueAfter(await db.economicRefreshRun.findFirst({ orderBy: { startedAt: "desc" }, select: { startedAt: true } }), now, intervalMs),
  offMessage: "The scheduled refresh is off on this server: set CRON_SECRET to turn it on.",
};

/** The HTS revision importer (docs/tariffs.md, "HTS revisions"): a new USITC release becomes "to review" items at /admin/tariffs. */
const htsImport: JobDefinition<HtsImportSummary> = {
  name: "hts-import",
  schedule: "15 7 * * *",
  handler: (db, now, ctx) =>
    recordJobRun(
      db,
      { name: "hts-import", trigger: ctx.trigger, clock: ctx.clock ?? (() => now) },
      () => importHtsRevision(db, { apiUrl: ctx.env.economy.htsApiUrl }, now),
      (s) => ({ outcome: s.status === "failed" ? "partial" : "success", summary: { ...s, items: { ...s.items } } }),
    ),
  describe: describeHtsImport,
  quiet: (s) => s.status === "unchanged",
  httpStatus: (s) => (s.status === "failed" ? 502 : 200),
  timer: {
    intervalMinutes: (env) => env.economy.htsImportIntervalMinutes,
    firstRunDelayMs: 90_000,
    offReason: (env) => (env.DATABASE_URL ? "a PostgreSQL server is configured; schedule GET /api/cron/hts-import instead." : null),
  },
  // A restart does not import again when a run happened within the last interval.
  dueInMs: async (db, now, intervalMs) => dueAfter(await db.jobRun.findFirst({ where: { name: "hts-import" }, orderBy: { startedAt: "desc" }, select: { startedAt: true } }), now, intervalMs),
  offMessage: "The scheduled HTS import is off on this server: set CRON_SECRET to turn it on.",
};

const alertEvaluation: JobDefinition<AlertEvaluationSummary> = {
  name: "alert-evaluation",
  schedule: "30 3 * * *",
  handler: (db, now, ctx) => runAlertEvaluation(db, now, deps(ctx, now)),
  describe: describeAlertEvaluation,
  // Cron only (docs/alerts.md, "Jobs"): the local set-up runs it with `npm run jobs:run alert-evaluation`.
  timer: { intervalMinutes: () => 0, firstRunDelayMs: 60_000 },
};

const alertDigests: JobDefinition<AlertDigestsSummary> = {
  name: "alert-digests",
  schedule: "0 13 * * *",
  handler: (db, now, ctx) => runAlertDigests(db, now, { ...deps(ctx, now), weekly: ctx.options?.weekly }),
  describe: describeAlertDigests,
  timer: { intervalMinutes: () => 0, firstRunDelayMs: 60_000 },
};

/** One run of a job: its summary (the cron route's answer) and what the job says of it. */
type JobRun = {
  summary: unknown;
  /** One line for the log. */
  line: string;
  /** True for a run not worth a line in the timer's log. */
  quiet: boolean;
  /** The HTTP status of the cron route's answer. */
  httpStatus: number;
};

/**
 * A job as its callers use it (the cron route, the timer, `npm run jobs:run`): `run` calls the
 * handler and hands the summary to the job's own describe, quiet and httpStatus, so the
 * registry holds jobs of different summary types side by side.
 */
export type Job = JobSchedule & { run: (db: PrismaClient, now: Date, ctx: JobContext) => Promise<JobRun> };

function job<S>({ handler, describe, quiet, httpStatus, ...schedule }: JobDefinition<S>): Job {
  return {
    ...schedule,
    run: async (db, now, ctx) => {
      const summary = await handler(db, now, ctx);
      return { summary, line: describe(summary), quiet: quiet?.(summary) ?? false, httpStatus: httpStatus?.(summary) ?? 200 };
    },
  };
}

export const JOBS: readonly Job[] = [
  job(emailDelivery),
  job(trialFollowUps),
  job(lapseNotices),
  job(economicRefresh),
  job(htsImport),
  job(alertEvaluation),
  job(alertDigests),
];

/** The job of this name, or null. */
export function findJob(name: string): Job | null {
  return JOBS.find((j) => j.name === name) ?? null;
}

/** The cron route path of a job (what vercel.json lists). */
export const cronPath = (name: string) => `/api/cron/${name}`;
