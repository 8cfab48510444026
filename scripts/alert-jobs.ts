// `npm run jobs:alerts [evaluate|digests|weekly|all]`: one run of the alert jobs, as the
// cron route GET /api/cron/alerts?job=... runs them (docs/alerts.md, "Jobs"):
// - evaluate: full re-evaluation of every watch, then instant emails and SMS;
// - digests: the daily digest (and the weekly one on Mondays, UTC);
// - weekly: the weekly digest now, whatever the day;
// - all (default): evaluate, then digests.
// Exit code 0 when the run completed, 1 when it stopped on an error. With the embedded
// database, stop the app first (one process per data directory).
import { describeTarget } from "@/lib/db/target";
import { describeAlertDigests, describeAlertEvaluation, runAlertDigests, runAlertEvaluation } from "@/lib/jobs/alert-jobs";
import { runWithDatabase } from "./lib/run-with-database";

const job = process.argv[2] ?? "all";

void runWithDatabase("The alert job failed", async (database, env) => {
  if (!["evaluate", "digests", "weekly", "all"].includes(job)) {
    console.error(`Unknown job "${job}": use evaluate, digests, weekly or all.`);
    return 2;
  }
  console.log(
    `Running alert job "${job}" on ${describeTarget(database.target)} (${
      env.email.resendApiKey ? "sending through Resend" : "no RESEND_API_KEY: emails are recorded and logged, not sent"
    }; SMS ${env.sms ? "through Twilio" : "off"})...`,
  );
  const deps = { siteUrl: env.SITE_URL, trigger: "cli" as const, clock: () => new Date() };
  if (job === "evaluate" || job === "all") console.log(describeAlertEvaluation(await runAlertEvaluation(database.prisma, new Date(), deps)));
  if (job === "digests" || job === "weekly" || job === "all") {
    console.log(describeAlertDigests(await runAlertDigests(database.prisma, new Date(), { ...deps, weekly: job === "weekly" })));
  }
});
