"use client";

import dynamic from "next/dynamic";
import useSWR from "swr";
import { DASHBOARD_KEY, DASHBOARD_SWR_OPTIONS, DETAILS_KEY, fetchDashboard, fetchDetails } from "./dashboard-data";
import { SourceChecked } from "./source-checked";

// The chart code (visx) is fetched only when this component draws: the copy of /alerts that
// `next build` writes, before any stored figures exist to render on the server.
const EconomicCharts = dynamic(() => import("@/components/charts/economic-charts").then((m) => m.EconomicCharts), {
  loading: () => <Status>Drawing the price charts...</Status>,
});

function Status({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-md border bg-white p-4 text-sm text-slate-700" role="status" data-testid="price-charts-status">
      {children}
    </p>
  );
}

/**
 * The CPI and PPI charts of /alerts drawn in the browser, from the same two calls as the
 * dashboard above (SWR shares them: no extra request). Used only by the copy of the page
 * prerendered at build time, when the database is not read (docs/performance.md "/alerts
 * rendering"); the copies regenerated every 5 minutes draw the charts on the server.
 */
export function PriceChartsFromApi() {
  const dashboard = useSWR(DASHBOARD_KEY, fetchDashboard, DASHBOARD_SWR_OPTIONS);
  const details = useSWR(DETAILS_KEY, fetchDetails, DASHBOARD_SWR_OPTIONS);
  if (dashboard.data && details.data) {
    return (
      <div className="space-y-4">
        <p className="text-xs text-slate-600" data-testid="charts-data-time">
          Drawn in your browser from the stored figures just loaded. <SourceChecked check={details.data.checks.bls} source="BLS" />.
        </p>
        <EconomicCharts dashboard={dashboard.data} details={details.data} />
      </div>
    );
  }
  if (dashboard.error || details.error) return <Status>The price charts could not be loaded just now. Please try again in a moment.</Status>;
  return <Status>Loading the price charts...</Status>;
}
