import { Activity, CalendarClock, CheckCircle2, Clock, MailCheck, type LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { FOLLOW_UP_TYPE_LABELS, type FollowUpType } from "@/lib/admin/follow-up-schema";
import type { TrialDashboardStats } from "@/lib/admin/trial-followups";
import { AdminTable } from "./admin-table";

const TYPE_SHORT: Record<FollowUpType, string> = { day2: "Day 2", day5: "Day 5", day7: "Day 7" };
const utc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatUtc = (date: Date) => `${utc.format(date)} UTC`;

function ago(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** The real figures of /admin/trial-dashboard (in place of the spec's static cards). */
export function TrialStats({ stats, now, recentWithinMs }: { stats: TrialDashboardStats; now: Date; recentWithinMs: number }) {
  const lastRun = stats.schedulerLastRunAt;
  const recent = lastRun !== null && now.getTime() - lastRun.getTime() <= recentWithinMs;
  const outcome = stats.schedulerLastRun?.outcome;
  return (
    <section aria-labelledby="trial-figures" className="grid gap-4 [&>*]:min-w-0">
      <h2 id="trial-figures" className="sr-only">
        Trial figures
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure icon={Activity} label="Active trials" value={stats.activeTrials} testId="stat-active" />
        <Figure icon={Clock} label="Ending in the next 48 hours" value={stats.endingWithin48h} testId="stat-ending" />
        <Figure icon={CheckCircle2} label="Converted trials" value={stats.convertedTrials} testId="stat-converted" />
        <Card data-testid="stat-scheduler">
          <CardHeader className="pb-2">
            <h3 className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <CalendarClock aria-hidden className="size-4 text-primary" /> Follow-up scheduler
            </h3>
          </CardHeader>
          <CardContent className="grid gap-1">
            <div>
              {/* One state, matching the line below: never run, ran recently (and how it went), or not recently. */}
              {lastRun === null ? (
                <Badge variant="warning">Never run</Badge>
              ) : !recent ? (
                <Badge variant="destructive">Not run recently</Badge>
              ) : outcome === "failed" ? (
                <Badge variant="destructive">Last run failed</Badge>
              ) : (
                <Badge variant="success">Ran recently</Badge>
              )}
            </div>
            <p className="text-sm text-slate-700">
              {lastRun === null ? (
                "No scheduled run recorded yet."
              ) : (
                <>
                  Last run <time dateTime={lastRun.toISOString()}>{formatUtc(lastRun)}</time> ({ago(now.getTime() - lastRun.getTime())})
                  {outcome ? `, ${outcome}` : ""}
                  {stats.schedulerLastRun?.trigger ? ` (${stats.schedulerLastRun.trigger})` : ""}.
                </>
              )}
            </p>
          </CardContent>
        </Card>
      </div>

      <div className="grid gap-4 lg:grid-cols-[1fr_2fr] [&>*]:min-w-0">
        <Card>
          <CardHeader className="pb-2">
            <h3 className="flex items-center gap-2 text-base font-semibold text-brand-navy">
              <MailCheck aria-hidden className="size-5 text-primary" /> Follow-ups sent
            </h3>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-2">
              {(["day2", "day5", "day7"] as const).map((type) => {
                const others = otherStatuses(stats.followUpsByStatus[type]);
                return (
                  <div key={type} className="grid grid-cols-[1fr_auto] items-center gap-x-2 border-b pb-2 last:border-0">
                    <dt className="text-sm text-slate-700">{TYPE_SHORT[type]}</dt>
                    <dd className="text-xl font-bold text-brand-navy" data-testid={`sent-${type}`}>
                      {stats.followUpsSentByType[type]}
                    </dd>
                    {others ? <dd className="col-span-2 text-xs text-slate-600">{others}</dd> : null}
                  </div>
                );
              })}
            </dl>
            <p className="mt-3 text-xs text-slate-600">Accepted by the email provider, automatic and manual sends together.</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="pb-2">
            <h3 className="text-base font-semibold text-brand-navy">Next follow-ups due</h3>
          </CardHeader>
          <CardContent>
            {stats.nextDue.length === 0 ? (
              <p className="text-sm text-slate-700" data-testid="next-due-empty">
                Nothing due: no active trial is waiting for a follow-up.
              </p>
            ) : (
              <AdminTable
                label="Next follow-ups due"
                testId="next-due"
                rows={stats.nextDue}
                rowKey={(due) => `${due.email}-${due.emailType}`}
                columns={[
                  { header: "Email", cell: (due) => due.email, className: "break-all" },
                  { header: "Email type", cell: (due) => TYPE_SHORT[due.emailType], cellProps: (due) => ({ title: FOLLOW_UP_TYPE_LABELS[due.emailType] }) },
                  {
                    header: "Due",
                    className: "whitespace-nowrap",
                    cell: (due) => (
                      <>
                        <time dateTime={due.dueAt.toISOString()}>{formatUtc(due.dueAt)}</time>
                        {due.dueAt.getTime() <= now.getTime() ? <span className="ml-2 text-xs font-semibold text-red-800">overdue</span> : null}
                      </>
                    ),
                  },
                ]}
              />
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

const STATUS_WORDS: Record<string, string> = {
  logged: "logged, not delivered",
  queued: "being sent",
  failed: "failed",
  suppressed: "unsubscribed",
  cancelled: "cancelled",
};

/** "2 logged, not delivered; 1 failed": the follow-ups of a type that were not (yet) sent. */
function otherStatuses(byStatus: Record<string, number> | undefined): string {
  return Object.entries(byStatus ?? {})
    .filter(([status, n]) => status !== "sent" && n > 0)
    .map(([status, n]) => `${n} ${STATUS_WORDS[status] ?? status}`)
    .join("; ");
}

function Figure({ icon: Icon, label, value, testId }: { icon: LucideIcon; label: string; value: number; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="pb-2">
        <h3 className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <Icon aria-hidden className="size-4 text-primary" /> {label}
        </h3>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold text-brand-navy">{value}</p>
      </CardContent>
    </Card>
  );
}
