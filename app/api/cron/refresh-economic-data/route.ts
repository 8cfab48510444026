import { cronJobRoute } from "@/lib/jobs/cron-route";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** Older path of GET /api/cron/economic-refresh (lib/jobs/registry.ts): 502 when nothing could be refreshed. */
export const GET = cronJobRoute({ job: "economic-refresh" });
