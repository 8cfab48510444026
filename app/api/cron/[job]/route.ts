import { cronJobRoute } from "@/lib/jobs/cron-route";

export const dynamic = "force-dynamic";
/** Some jobs send each due email in turn, or make sequential calls with timeouts. */
export const maxDuration = 300;

/** GET /api/cron/<job>: one run of a job of lib/jobs/registry.ts, behind the cron secret. */
export const GET = cronJobRoute();
