import { readFileSync } from "node:fs";
import path from "node:path";
import { cronPath, findJob, JOBS } from "@/lib/jobs/registry";

/**
 * vercel.json's crons and the job registry (lib/jobs/registry.ts) say the same: every job
 * has one cron at its path with its schedule, and every cron names a job (docs/architecture.md "Jobs").
 */
const vercel = JSON.parse(readFileSync(path.join(__dirname, "../../vercel.json"), "utf8")) as { crons: { path: string; schedule: string }[] };

describe("the job registry", () => {
  it("has unique job names", () => {
    expect(new Set(JOBS.map((j) => j.name)).size).toBe(JOBS.length);
  });

  it("agrees with vercel.json's crons", () => {
    const fromRegistry = JOBS.map((j) => ({ path: cronPath(j.name), schedule: j.schedule })).sort((a, b) => a.path.localeCompare(b.path));
    const fromVercel = [...vercel.crons].sort((a, b) => a.path.localeCompare(b.path));
    expect(fromVercel).toEqual(fromRegistry);
  });

  it("has valid five-field cron schedules", () => {
    const field = /^(\*|\d+(-\d+)?)(\/\d+)?(,(\*|\d+(-\d+)?)(\/\d+)?)*$/;
    for (const job of JOBS) {
      const parts = job.schedule.split(" ");
      expect({ job: job.name, fields: parts.length, valid: parts.every((p) => field.test(p)) }).toEqual({ job: job.name, fields: 5, valid: true });
    }
  });

  it("finds jobs by name", () => {
    expect(findJob("trial-followups")?.name).toBe("trial-followups");
    expect(findJob("nope")).toBeNull();
  });
});
