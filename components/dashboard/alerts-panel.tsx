import { AlertTriangle, Info, ShieldAlert } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import type { DashboardAlert } from "@/lib/economy/schemas";
import { cn } from "@/lib/utils";
import { formatDateTime } from "./format";

const severityStyle: Record<DashboardAlert["severity"], { badge: string; border: string; icon: typeof AlertTriangle; iconClass: string }> = {
  high: { badge: "bg-red-100 text-red-800", border: "border-l-red-600", icon: ShieldAlert, iconClass: "text-red-700" },
  medium: { badge: "bg-amber-100 text-amber-900", border: "border-l-amber-500", icon: AlertTriangle, iconClass: "text-amber-700" },
  low: { badge: "bg-green-100 text-green-800", border: "border-l-green-600", icon: Info, iconClass: "text-green-700" },
};

/** Alerts tab: the alerts the written rules raised from the stored data (lib/economy/rules.ts). */
export function AlertsPanel({ alerts }: { alerts: readonly DashboardAlert[] }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Critical Economic Alerts</h2>
        <CardDescription>
          Raised by written rules from the stored government figures: large price rises over 12 months or in one month, and new tariff
          actions.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {alerts.length === 0 ? (
          <p className="rounded-md bg-muted px-4 py-6 text-center text-muted-foreground">No critical alerts at this time</p>
        ) : (
          <ul className="space-y-3" aria-label="Alerts">
            {alerts.map((alert) => {
              const style = severityStyle[alert.severity];
              const Icon = style.icon;
              return (
                <li key={alert.id} className={cn("rounded-md border border-l-4 bg-white p-4", style.border)} data-severity={alert.severity}>
                  <div className="flex items-start gap-3">
                    <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", style.iconClass)} />
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <h3 className="font-semibold text-slate-900">{alert.title}</h3>
                        <span className={cn("shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold uppercase", style.badge)} data-testid="severity-badge">
                          {alert.severity}
                          <span className="sr-only"> severity</span>
                        </span>
                      </div>
                      <p className="mt-1 text-sm text-slate-700">{alert.message}</p>
                      <p className="mt-2 text-xs text-slate-600">
                        <time dateTime={alert.timestamp}>{formatDateTime(alert.timestamp)}</time>
                      </p>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
