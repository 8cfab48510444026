// `npm run jobs:run [job...] [--weekly]`: one run of background jobs of the registry
// (lib/jobs/registry.ts), as the in-process timer and GET /api/cron/<job> run them.
// With no job: the scheduled email jobs (trial-followups, lapse-notices, then
// email-delivery): follow-ups that are due (day 2, 5, 7), trials past their end marked
// inactive, the one "alerts paused" email per lapsed account, and the outbox delivered. `--weekly` makes alert-digests
// send the weekly digest whatever the day. Exit code 0 when every run completed (even if
// some sends failed and were scheduled for retry), 1 when one stopped on an error, 2 for
// an unknown job. See docs/email.md.
//
// With the embedded database, stop the app first (one process per data directory); with
// a PostgreSQL server it can run beside the app, even at the same moment as the cron.
import { describeTarget } from "@/lib/db/target";
import { findJob, JOBS } from "@/lib/jobs/registry";
import { runWithDatabase } from "./lib/run-with-database";

export const DEFAULT_JOBS = ["trial-followups", "lapse-notices", "email-delivery"];

const args = process.argv.slice(2);
const weekly = args.includes("--weekly");
const names = args.filter((a) => !a.startsWith("--"));

void runWithDatabase("The job failed", async (database, env) => {
  const jobs = (names.length ? names : DEFAULT_JOBS).map((name) => ({ name, job: findJob(name) }));
  const unknown = jobs.filter((j) => !j.job).map((j) => j.name);
  if (unknown.length) {
    console.error(`Unknown job ${unknown.map((n) => `"${n}"`).join(", ")}: use ${JOBS.map((j) => j.name).join(", ")}.`);
    return 2;
  }
  console.log(
    `Running ${jobs.map((j) => j.name).join(", ")} on ${describeTarget(database.target)} (${
      env.email.resendApiKey ? "sending through Resend" : "no RESEND_API_KEY: emails are recorded and logged, not sent"
    }; SMS ${env.sms ? "through Twilio" : "off"})...`,
  );
  for (const { job } of jobs) {
    const run = await job!.run(database.prisma, new Date(), { env, trigger: "cli", clock: () => new Date(), options: { weekly } });
    console.log(`[${job!.name}] ${run.line}`);
  }
});
