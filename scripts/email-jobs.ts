// `npm run jobs:run`: one run of the scheduled email job, as the in-process timer and
// GET /api/cron/trial-followups run it: trial follow-ups that are due (day 2, 5, 7),
// trials past their end marked inactive, failed sends retried. Exit code 0 when the run
// completed (even if some sends failed and were scheduled for retry), 1 when it stopped
// on an error. See docs/email.md.
//
// With the embedded database, stop the app first (one process per data directory); with
// a PostgreSQL server it can run beside the app, even at the same moment as the cron.
import { describeTarget } from "@/lib/db/target";
import { describeEmailJobs, runEmailJobs } from "@/lib/jobs/email-jobs";
import { runWithDatabase } from "./lib/run-with-database";

void runWithDatabase("The email job failed", async (database, env) => {
  console.log(
    `Running trial follow-ups and email retries on ${describeTarget(database.target)} (${
      env.email.resendApiKey ? "sending through Resend" : "no RESEND_API_KEY: emails are recorded and logged, not sent"
    })...`,
  );
  const summary = await runEmailJobs(database.prisma, new Date(), { siteUrl: env.SITE_URL, trigger: "cli", clock: () => new Date() });
  console.log(describeEmailJobs(summary));
});
