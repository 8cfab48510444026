import { getDb } from "@/lib/db";
import { economicViews } from "@/lib/economy/dashboard";
import type { DashboardDetails, DashboardResponse } from "@/lib/economy/schemas";
import { EconomicCharts } from "./economic-charts";
import { EffectiveRateChart } from "./effective-rate-chart";

/**
 * The charts section of /alerts, rendered on the server: the average effective tariff rate
 * (static data) and the CPI / PPI charts from the same cached views that
 * /api/economic/dashboard and /details serve. If the store cannot be read, the tariff-rate
 * chart still shows and the page says the price charts are unavailable.
 */
export async function AlertsCharts() {
  let views: { dashboard: DashboardResponse; details: DashboardDetails } | null = null;
  try {
    const entry = await economicViews(getDb);
    views = { dashboard: JSON.parse(entry.dashboard.json) as DashboardResponse, details: JSON.parse(entry.details.json) as DashboardDetails };
  } catch (error) {
    console.error("[alerts-charts] could not read the economic data", error);
  }
  return (
    <section aria-labelledby="charts-heading" className="space-y-6" data-testid="alerts-charts">
      <div className="max-w-3xl">
        <h2 id="charts-heading" className="text-2xl font-bold tracking-tight text-brand-navy">
          Charts
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          The same figures as the dashboard above, drawn over time. Every chart has a one-sentence summary and a &ldquo;Show as table&rdquo;
          button with its numbers.
        </p>
      </div>
      <div className="max-w-3xl">
        <EffectiveRateChart />
      </div>
      {views ? (
        <EconomicCharts dashboard={views.dashboard} details={views.details} />
      ) : (
        <p className="rounded-md border bg-white p-4 text-sm text-slate-700" role="status">
          The price charts could not be loaded just now. Please try again in a moment.
        </p>
      )}
    </section>
  );
}
