import Link from "next/link";
import { Button } from "@/components/ui/button";
import type { AlertListItem } from "@/lib/alerts/list";
import { SeverityBadge, UnconfirmedBadge } from "./severity-badge";
import { SupersededNote } from "./superseded-note";

const SUPPRESSED: Record<string, string> = { snoozed: "not sent: the watch was snoozed", "daily-cap": "held for the digest: daily alert limit reached" };

const DAY = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

function when(iso: string): string {
  return DAY.format(new Date(iso));
}

/** The alerts, newest first; each with a mark-read form (a plain POST: works without JavaScript). */
export function AlertList({ alerts, back }: { alerts: AlertListItem[]; back: string }) {
  return (
    <ul className="grid gap-3" aria-label="Your alerts">
      {alerts.map((a) => (
        <li key={a.id} className={`rounded-lg border bg-white p-4 ${a.readAt || a.supersededById ? "" : "border-l-4 border-l-blue-700"}`} data-testid="alert-item" data-kind={a.kind}>
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
            <SeverityBadge severity={a.severity} />
            {a.unconfirmed ? <UnconfirmedBadge /> : null}
            <span>{a.categoryName}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={a.createdAt}>{when(a.createdAt)}</time>
            {a.readAt || a.supersededById ? null : <span className="font-semibold text-blue-800">Unread</span>}
          </div>
          <h2 className="mt-2 text-base font-semibold text-slate-900">
            <Link href={`/alerts/mine/${a.id}`} className="underline-offset-2 hover:underline">
              {a.title}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-slate-700">{a.reason}</p>
          {a.supersededById ? <SupersededNote correctionId={a.supersededById} className="mt-1 text-sm" /> : null}
          {a.suppressed ? <p className="mt-1 text-xs text-slate-600">({SUPPRESSED[a.suppressed] ?? "not sent"})</p> : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline">
              <Link href={`/alerts/mine/${a.id}`}>How we computed this</Link>
            </Button>
            <form method="post" action={`/api/alerts/${a.id}/read?${a.readAt ? "unread=1&" : ""}back=${encodeURIComponent(back)}`}>
              <Button type="submit" size="sm" variant="ghost">
                {a.readAt ? "Mark unread" : "Mark read"}
              </Button>
            </form>
          </div>
        </li>
      ))}
    </ul>
  );
}
