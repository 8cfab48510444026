"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import useSWR from "swr";
import { DASHBOARD_KEY, DASHBOARD_SWR_OPTIONS, DETAILS_KEY, fetchDashboard, fetchDetails } from "./dashboard-data";
import { whenNearScreen } from "@/components/ui/near-screen";
import { SourceChecked } from "./source-checked";
import { datasetFreshness } from "@/lib/economy/freshness";

// The chart code (visx) is fetched only when this component draws: in the copy of /alerts that
// `next build` writes (no stored figures to render on the server yet), once the charts are near
// the screen.
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
 * True once the element is near the screen. The charts start more than a screen down (the
 * dashboard above is taller than any screen), so their code and their drawing wait until the
 * reader scrolls towards them instead of competing with the page's first render
 * (docs/performance.md "/alerts rendering").
 */
function useNearScreen(margin: string): [React.RefObject<HTMLDivElement | null>, boolean] {
  const ref = React.useRef<HTMLDivElement>(null);
  const [near, setNear] = React.useState(false);
  React.useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    return whenNearScreen(element, margin, () => setNear(true));
  }, [near, margin]);
  return [ref, near];
}

/**
 * The CPI and PPI charts of /alerts drawn in the browser, from the same two calls as the
 * dashboard above (SWR shares them: no extra request), once they come near the screen. Used
 * only by the copy of the page prerendered at build time, when the database is not read
 * (docs/performance.md "/alerts rendering"); the copies regenerated every 5 minutes draw the
 * charts on the server.
 */
export function PriceChartsFromApi() {
  const [ref, near] = useNearScreen("400px 0px");
  return <div ref={ref}>{near ? <PriceCharts /> : <Status>The CPI and PPI charts are drawn here as you scroll to them.</Status>}</div>;
}

function PriceCharts() {
  const dashboard = useSWR(DASHBOARD_KEY, fetchDashboard, DASHBOARD_SWR_OPTIONS);
  const details = useSWR(DETAILS_KEY, fetchDetails, DASHBOARD_SWR_OPTIONS);
  if (dashboard.data && details.data) {
    return (
      <div className="space-y-4">
        <p className="text-xs text-slate-600" data-testid="charts-data-time">
          {datasetFreshness("CPI", details.data.cpi)}; {datasetFreshness("PPI", details.data.ppi)}. Drawn in your browser from the stored figures
          just loaded. <SourceChecked check={details.data.checks.bls} source="BLS" />.
        </p>
        <EconomicCharts dashboard={dashboard.data} details={details.data} />
      </div>
    );
  }
  if (dashboard.error || details.error) return <Status>The price charts could not be loaded just now. Please try again in a moment.</Status>;
  return <Status>Loading the price charts...</Status>;
}
