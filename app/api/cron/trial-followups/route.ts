import { cronJobRoute } from "@/lib/jobs/cron-route";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** Alias of GET /api/cron/trial-followups on app/api/cron/[job] (lib/jobs/registry.ts), kept for existing schedulers. */
export const GET = cronJobRoute({ job: "trial-followups" });
