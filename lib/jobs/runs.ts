import type { Prisma, PrismaClient } from "@/lib/db/generated/client";

/**
 * The job_runs ledger: one row per run of a scheduled job, written when it starts and
 * completed when it ends, so the admin dashboard can say when the scheduler last ran
 * and what it did, and a run that died midway shows as "running" with no end.
 */
/** Runs older than this are deleted after each run of the same job. */
export const KEEP_DAYS = 30;

export type JobTrigger = "timer" | "cron" | "cli" | "admin";
export type JobOutcome = "success" | "partial" | "failed";

export async function recordJobRun<T>(
  db: PrismaClient,
  job: { name: string; trigger: JobTrigger; clock?: () => Date },
  run: () => Promise<T>,
  describe: (result: T) => { outcome: Exclude<JobOutcome, "failed">; summary: Prisma.InputJsonValue },
): Promise<T> {
  const clock = job.clock ?? (() => new Date());
  const row = await db.jobRun.create({ data: { name: job.name, trigger: job.trigger, startedAt: clock(), outcome: "running" } });
  let result: T;
  try {
    result = await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.jobRun.update({ where: { id: row.id }, data: { outcome: "failed", finishedAt: clock(), error: message.slice(0, 2000) } });
    throw error;
  }
  const { outcome, summary } = describe(result);
  const finishedAt = clock();
  await db.jobRun.update({ where: { id: row.id }, data: { outcome, summary, finishedAt } });
  // A timer every 15 minutes writes ~100 rows a day: keep the last KEEP_DAYS of them.
  await db.jobRun.deleteMany({ where: { name: job.name, startedAt: { lt: new Date(finishedAt.getTime() - KEEP_DAYS * 24 * 60 * 60 * 1000) } } });
  return result;
}
