import { AlertTriangle, Info, ShieldAlert } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { originText } from "@/lib/economy/freshness";
import type { AlertPresentationDetails, DashboardAlert, DashboardDetails } from "@/lib/economy/schemas";
import { cn } from "@/lib/utils";
import { formatDate } from "./format";
import { PeriodLabel, SourceChecked } from "./source-checked";

const severityStyle: Record<DashboardAlert["severity"], { badge: string; border: string; icon: typeof AlertTriangle; iconClass: string }> = {
  high: { badge: "bg-red-100 text-red-800", border: "border-l-red-600", icon: ShieldAlert, iconClass: "text-red-700" },
  medium: { badge: "bg-amber-100 text-amber-900", border: "border-l-amber-500", icon: AlertTriangle, iconClass: "text-amber-700" },
  low: { badge: "bg-green-100 text-green-800", border: "border-l-green-600", icon: Info, iconClass: "text-green-700" },
};

/** The kind of alert in words; tariff kinds stand out, energy says it is not a tariff alert. */
const kindStyle: Record<AlertPresentationDetails["kind"], string> = {
  "tariff-category": "border-blue-700 bg-blue-50 text-blue-900",
  "tariff-action": "border-blue-700 bg-blue-50 text-blue-900",
  "price-index": "border-slate-400 bg-slate-50 text-slate-800",
  energy: "border-slate-400 bg-slate-50 text-slate-800",
  "data-notice": "border-slate-400 bg-slate-50 text-slate-800",
};

type Datasets = Partial<Pick<DashboardDetails, "cpi" | "ppi" | "news">>;

/** The dataset an alert's figures come from, for when they were fetched. */
function datasetOf(p: AlertPresentationDetails, datasets: Datasets): { origin: string; fetchedAt: string | null } | undefined {
  if (p.survey === "CPI") return datasets.cpi;
  if (p.survey === "PPI") return datasets.ppi;
  return datasets.news;
}

/** What the alert describes in time, when its figures were fetched, and when its source was last checked. */
function AlertPeriod({ p, checks, datasets }: { p: AlertPresentationDetails; checks: DashboardDetails["checks"] | undefined; datasets: Datasets }) {
  const check = p.source === "bls" ? checks?.bls : checks?.federalRegister;
  const dataset = datasetOf(p, datasets);
  const from = dataset ? originText(dataset.origin, dataset.fetchedAt) : null;
  return (
    <p className="mt-2 text-xs text-slate-600">
      {p.survey === null ? (
        <span data-testid="period-label">
          Federal Register, published <time dateTime={p.period}>{formatDate(`${p.period}T00:00:00Z`)}</time>
        </span>
      ) : (
        <PeriodLabel period={p.period} survey={p.survey} releasedOn={p.releasedOn} />
      )}
      {from ? <span data-testid="alert-fetched">, {from}</span> : null}
      {check ? (
        <>
          {" · "}
          <SourceChecked check={check} source="Source" testId="alert-source-checked" />
        </>
      ) : null}
    </p>
  );
}

/**
 * Alerts tab: the alerts the written rules raised from the stored data (lib/economy/rules.ts),
 * in the order /api/economic/dashboard gives them: tariff-sensitive categories and tariff
 * actions first, then the other price moves (lib/economy/alert-presentation.ts). Each says
 * what kind it is, the period it describes and when its source was last checked (from
 * /api/economic/details; without it the alerts still show).
 */
export function AlertsPanel({
  alerts,
  details,
}: {
  alerts: readonly DashboardAlert[];
  details?: (Pick<DashboardDetails, "alerts" | "checks"> & Datasets) | undefined;
}) {
  const presentation = new Map((details?.alerts ?? []).map((p) => [p.id, p]));
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Critical Economic Alerts</h2>
        <CardDescription>
          Raised by written rules from the government figures: large price rises over 12 months or in one month, and new tariff actions. Alerts
          about the categories our tariff tables cover come first, then the general price index moves; energy moves are labelled as such.
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
              const p = presentation.get(alert.id);
              return (
                <li key={alert.id} className={cn("rounded-md border border-l-4 bg-white p-4", style.border)} data-severity={alert.severity} data-kind={p?.kind}>
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
                      {p ? (
                        <p className="mt-1">
                          <span className={cn("inline-block rounded border px-2 py-0.5 text-xs font-semibold", kindStyle[p.kind])} data-testid="alert-kind">
                            {p.label}
                          </span>
                          {p.covers.length ? (
                            <span className="ml-2 text-xs text-slate-700" data-testid="alert-covers">
                              In our tariff tables: {p.covers.join(", ")}
                            </span>
                          ) : null}
                        </p>
                      ) : null}
                      <p className="mt-1 text-sm text-slate-700">{alert.message}</p>
                      {p ? <AlertPeriod p={p} checks={details?.checks} datasets={details ?? {}} /> : null}
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
