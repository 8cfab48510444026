"use client";

import { useEffect, useRef, useState } from "react";
import type { SWRResponse } from "swr";
import { AlertTriangle, Loader2, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { datasetFreshness, originText } from "@/lib/economy/freshness";
import type { DashboardDetails, DashboardResponse } from "@/lib/economy/schemas";
import { AlertsPanel } from "./alerts-panel";
import { AnalysisPanel } from "./analysis-panel";
import { RESERVED } from "./dashboard-loading";
import { EconomicDataPanel } from "./economic-data-panel";
import { formatDateTimeSeconds } from "./format";
import { NewsPanel } from "./news-panel";
import { SourceChecked } from "./source-checked";

/**
 * What the economic dashboard shows once its call has answered (or failed): the loaded view
 * (sources, Refresh Data, the four tabs) and the error card. Loaded by ./economic-dashboard.tsx
 * after the page, since it can only show once the figures are in (docs/performance.md,
 * "/alerts rendering").
 */

export function ErrorState({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Card role="alert" data-testid="dashboard-error" className={RESERVED}>
      <CardContent className="flex flex-col items-center gap-3 py-16 text-center">
        <AlertTriangle aria-hidden className="size-8 text-red-700" />
        <h2 className="text-lg font-semibold text-slate-900">Data Loading Error</h2>
        <p className="text-sm text-muted-foreground">Unable to load economic data</p>
        <Button onClick={onRetry} disabled={retrying} aria-busy={retrying}>
          {retrying ? <Loader2 aria-hidden className="animate-spin" /> : <RefreshCw aria-hidden />}
          Try Again
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Which month the figures describe (and when BLS released it), and when they were fetched or
 * that they came with the offline snapshot, named at the top of the page (lib/economy/freshness.ts).
 */
function Provenance({ details }: { details: DashboardDetails | undefined }) {
  if (!details) return null;
  const news = originText(details.news.origin, details.news.fetchedAt);
  return (
    <p className="mt-1 text-xs text-slate-600" data-testid="data-provenance">
      <strong className="font-semibold text-slate-800" data-testid="cpi-freshness">
        {datasetFreshness("CPI", details.cpi)}
      </strong>
      .{" "}
      <strong className="font-semibold text-slate-800" data-testid="ppi-freshness">
        {datasetFreshness("PPI", details.ppi)}
      </strong>
      . Both from the U.S. Bureau of Labor Statistics, which publishes them once a month; the scheduled refresh checks for new figures every
      6 hours. News from the Federal Register and BLS{news ? `, ${news}` : ""}.
    </p>
  );
}

type Loaded = {
  /** The dashboard call's answer (`dashboard.data`). */
  data: DashboardResponse;
  dashboard: SWRResponse<DashboardResponse>;
  /** Its `data` is there unless the details call failed. */
  details: SWRResponse<DashboardDetails>;
};

/** The loaded dashboard: the sources and when they were checked, Refresh Data, and the four tabs. */
export function DashboardView({ data, dashboard, details }: Loaded) {
  const [announcement, setAnnouncement] = useState("");
  const [refreshing, setRefreshing] = useState(false);
  const lastSeen = useRef<string | undefined>(undefined);

  useEffect(() => {
    lastSeen.current = data.lastUpdated;
  }, [data]);

  // Refresh Data reads the stored copy again (it never calls BLS or the Federal Register: new
  // figures come from the scheduled refresh) and says whether anything changed since.
  const refresh = async () => {
    const before = lastSeen.current;
    setRefreshing(true);
    setAnnouncement("");
    try {
      const [next, nextDetails] = await Promise.all([dashboard.mutate().catch(() => undefined), details.mutate().catch(() => undefined)]);
      const checked = nextDetails?.checks.bls.lastCheckedAt;
      const since = checked ? ` BLS last checked ${formatDateTimeSeconds(checked)}.` : "";
      if (!next) setAnnouncement("Could not refresh the data. Please try again.");
      else if (next.lastUpdated !== before) setAnnouncement(`Data refreshed.${since}`);
      else setAnnouncement(`Checked just now: no newer data.${since}`);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 rounded-lg border bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm text-slate-700">
          {details.data ? (
            <p data-testid="sources-checked">
              <SourceChecked check={details.data.checks.bls} source="BLS" testId="bls-checked" />
              <span aria-hidden> · </span>
              <SourceChecked check={details.data.checks.federalRegister} source="Federal Register" testId="federal-register-checked" />
            </p>
          ) : null}
          <Provenance details={details.data} />
          {details.error && !details.data ? (
            <p className="mt-1 text-xs text-slate-600">The source and month of the figures could not be loaded just now.</p>
          ) : null}
          {dashboard.error ? (
            <p className="mt-1 text-xs text-red-700">Could not check for newer data just now; showing the last data loaded.</p>
          ) : null}
          <p aria-live="polite" className="mt-1 min-h-4 text-xs text-slate-600" data-testid="refresh-status">
            {announcement}
          </p>
        </div>
        <Button variant="outline" onClick={() => void refresh()} disabled={refreshing} aria-busy={refreshing}>
          <RefreshCw aria-hidden className={refreshing ? "animate-spin" : undefined} />
          Refresh Data
        </Button>
      </div>

      <Tabs defaultValue="alerts">
        <TabsList aria-label="Dashboard sections" className="h-auto w-full flex-wrap justify-start sm:w-auto">
          <TabsTrigger value="alerts">Alerts</TabsTrigger>
          <TabsTrigger value="data">Economic Data</TabsTrigger>
          <TabsTrigger value="news">News Feed</TabsTrigger>
          <TabsTrigger value="analysis">Analysis</TabsTrigger>
        </TabsList>
        <TabsContent value="alerts">
          <AlertsPanel alerts={data.alerts} details={details.data} />
        </TabsContent>
        <TabsContent value="data">
          <EconomicDataPanel cpi={data.cpi} ppi={data.ppi} details={details.data} />
        </TabsContent>
        <TabsContent value="news">
          <NewsPanel news={data.news} details={details.data?.news} check={details.data?.checks.federalRegister} />
        </TabsContent>
        <TabsContent value="analysis">
          <AnalysisPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
