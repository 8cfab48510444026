"use client";

import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { AlertTriangle, Loader2, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { DashboardDetails } from "@/lib/economy/schemas";
import { AlertsPanel } from "./alerts-panel";
import { AnalysisPanel } from "./analysis-panel";
import { DASHBOARD_KEY, DASHBOARD_SWR_OPTIONS, DETAILS_KEY, fetchDashboard, fetchDetails } from "./dashboard-data";
import { EconomicDataPanel } from "./economic-data-panel";
import { formatDateTimeSeconds } from "./format";
import { NewsPanel } from "./news-panel";
import { PeriodLabel, SourceChecked } from "./source-checked";

/**
 * The loading and error cards are at least a screen tall: the loaded dashboard is taller than
 * any screen (about 2,300 px on a desktop, 4,600 px on a phone), so the charts below it start
 * off screen from the first paint and do not jump when the figures arrive (Lighthouse measured
 * a layout shift of 0.225 on a phone: docs/performance.md).
 */
const RESERVED = "flex min-h-svh flex-col justify-center";

function LoadingState() {
  return (
    <Card role="status" aria-live="polite" data-testid="dashboard-loading" className={RESERVED}>
      <CardContent className="flex flex-col items-center gap-3 py-16 text-center">
        <Loader2 aria-hidden className="size-8 animate-spin text-primary" />
        <p className="text-lg font-semibold text-slate-900">Loading Economic Data</p>
        <p className="text-sm text-muted-foreground">Fetching the latest CPI, PPI and tariff figures...</p>
      </CardContent>
    </Card>
  );
}

function ErrorState({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
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

const ORIGIN_LABEL: Record<string, string> = {
  snapshot: "offline snapshot",
  "bls-api": "BLS Public Data API",
  "federal-register": "Federal Register API",
  mixed: "BLS Public Data API and offline snapshot",
};

/** Which month the figures describe (and when BLS released it) and where they come from, named at the top of the page. */
function Provenance({ details }: { details: DashboardDetails | undefined }) {
  if (!details) return null;
  const origin = (o: string) => (ORIGIN_LABEL[o] ? ` (${ORIGIN_LABEL[o]})` : "");
  const figure = (d: DashboardDetails["cpi"], survey: "CPI" | "PPI") =>
    d.asOf ? (
      <strong className="font-semibold text-slate-800">
        <PeriodLabel period={d.asOf} survey={survey} releasedOn={d.releasedOn} />
      </strong>
    ) : (
      <>no {survey} figures</>
    );
  return (
    <p className="mt-1 text-xs text-slate-600" data-testid="data-provenance">
      Figures: {figure(details.cpi, "CPI")} and {figure(details.ppi, "PPI")}, from the U.S. Bureau of Labor Statistics
      {origin(details.cpi.origin === details.ppi.origin ? details.cpi.origin : "mixed")}; news from the Federal Register and BLS
      {origin(details.news.origin)}. BLS publishes CPI and PPI once a month; the scheduled refresh checks for new figures every 6 hours.
    </p>
  );
}

/**
 * The economic dashboard (/alerts). The page shell is rendered on the server; the data
 * comes from GET /api/economic/dashboard (and its companion /api/economic/details) with
 * SWR: refetched every 30 s, a failed load retried twice with backoff, no refetch on
 * focus. Loading, error and loaded states as docs/product-rules.md §2 gives them.
 */
export function EconomicDashboard() {
  const dashboard = useSWR(DASHBOARD_KEY, fetchDashboard, DASHBOARD_SWR_OPTIONS);
  const details = useSWR(DETAILS_KEY, fetchDetails, DASHBOARD_SWR_OPTIONS);
  const [announcement, setAnnouncement] = useState("");
  const [refreshing, setRefreshing] = useState(false);
  const lastSeen = useRef<string | undefined>(undefined);
  const data = dashboard.data;

  useEffect(() => {
    if (data) lastSeen.current = data.lastUpdated;
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

  if (!data) {
    if (dashboard.error) return <ErrorState onRetry={() => void dashboard.mutate()} retrying={dashboard.isValidating} />;
    return <LoadingState />;
  }
  // The source lines at the top come from the details call: the dashboard waits for it (or
  // its failure) so they do not push the tabs down once shown (Lighthouse measured a layout
  // shift of 0.093 on the tabs: docs/performance.md "/alerts rendering").
  if (!details.data && !details.error) return <LoadingState />;

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
