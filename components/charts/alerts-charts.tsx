import { PriceChartsFromApi } from "@/components/dashboard/price-charts-from-api";
import { formatDateTimeUtc } from "@/components/dashboard/format";
import { getDb } from "@/lib/db";
import { economicViews } from "@/lib/economy/dashboard";
import { datasetFreshness, sourceStatus, sourceStatusText } from "@/lib/economy/freshness";
import type { DashboardDetails, DashboardResponse } from "@/lib/economy/schemas";
import { serverRuntime } from "@/lib/env/runtime";
import { EconomicCharts } from "./economic-charts";
import { EffectiveRateChart } from "./effective-rate-chart";

/** The figures the server-rendered charts were drawn from, and when they were read from the store. */
type Views = { dashboard: DashboardResponse; details: DashboardDetails; readAt: string };

/**
 * What the charts' figures describe and when they were fetched, when they were read from the
 * store and how BLS stands, written in UTC (rendered on the server; lib/economy/freshness.ts).
 */
function DataTime({ views }: { views: Views }) {
  const { cpi, ppi, checks } = views.details;
  return (
    <p className="text-xs text-slate-600" data-testid="charts-data-time">
      {datasetFreshness("CPI", cpi)}; {datasetFreshness("PPI", ppi)}. Drawn from the figures stored at{" "}
      <time dateTime={views.readAt}>{formatDateTimeUtc(views.readAt)}</time>; {sourceStatusText("BLS", sourceStatus(checks.bls), formatDateTimeUtc)}. This
      section is redrawn at most every 5 minutes.
    </p>
  );
}

/**
 * The charts section of /alerts: the average effective tariff rate (static data) and the
 * CPI / PPI charts from the same cached views that /api/economic/dashboard and /details
 * serve, rendered on the server when the page is regenerated (every 5 minutes at most:
 * app/alerts/page.tsx). `next build` reads no database, so the copy it prerenders draws the
 * price charts in the browser instead (PriceChartsFromApi; docs/performance.md "/alerts
 * rendering"). If the store cannot be read, the tariff-rate chart still shows and the page
 * says the price charts are unavailable.
 */
export async function AlertsCharts() {
  const atBuild = serverRuntime().nextPhase === "phase-production-build";
  let views: Views | null = null;
  if (!atBuild) {
    try {
      const entry = await economicViews(getDb);
      views = {
        dashboard: JSON.parse(entry.dashboard.json) as DashboardResponse,
        details: JSON.parse(entry.details.json) as DashboardDetails,
        readAt: new Date(entry.builtAt).toISOString(),
      };
    } catch (error) {
      console.error("[alerts-charts] could not read the economic data", error);
    }
  }
  return (
    <section aria-labelledby="charts-heading" className="space-y-6" data-testid="alerts-charts">
      <div className="max-w-3xl">
        <h2 id="charts-heading" className="text-2xl font-bold tracking-tight text-brand-navy">
          Charts
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          The same figures as the dashboard above, drawn over time. Every chart has a one-sentence summary and a &quot;Show as table&quot;
          button with its numbers.
        </p>
      </div>
      <div className="max-w-3xl">
        <EffectiveRateChart />
      </div>
      {atBuild ? (
        <PriceChartsFromApi />
      ) : views ? (
        <>
          <DataTime views={views} />
          <EconomicCharts dashboard={views.dashboard} details={views.details} />
        </>
      ) : (
        <p className="rounded-md border bg-white p-4 text-sm text-slate-700" role="status">
          The price charts could not be loaded just now. Please try again in a moment.
        </p>
      )}
    </section>
  );
}
