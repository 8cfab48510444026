import type { Metadata } from "next";
import { AlertsCharts } from "@/components/charts/alerts-charts";
import { DashboardLoading } from "@/components/dashboard/dashboard-loading";
import { EconomicDashboard } from "@/components/dashboard/economic-dashboard";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Economic dashboard: price alerts from CPI, PPI and tariff actions",
  description:
    "Consumer and producer price indexes from the U.S. Bureau of Labor Statistics (monthly, checked every 6 hours), tariff actions from the Federal Register, and alerts when prices jump.",
  path: "/alerts",
});

/**
 * Prerendered, then regenerated at most every 5 minutes (ISR; docs/performance.md "/alerts
 * rendering"): the charts section reads the stored figures when the page is regenerated,
 * never per request. The proxy still rewrites a subscriber's /alerts to /alerts/mine
 * before this cached page is served (proxy.ts).
 */
export const revalidate = 300;

/**
 * /alerts: the economic dashboard, also where visitors land after paying. The dashboard's
 * figures load in the browser from /api/economic/dashboard, which serves the stored
 * government data from a cache; below it, the charts (tariff rate, CPI by category, PPI by
 * sector) are rendered on the server from the same cache as plain SVG, each with its text
 * alternative and a table toggle that works without JavaScript. No remote API is called
 * for a page view. See docs/economy.md and docs/experience.md.
 */
export default function AlertsPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:py-14">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">Market Alerts</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand-navy sm:text-4xl">Economic Dashboard</h1>
            <p className="mt-3 text-slate-700">
              Price alerts computed from official figures: the Consumer and Producer Price Indexes the U.S. Bureau of Labor Statistics publishes
              once a month, and tariff actions published in the Federal Register. We check both sources for new figures every 6 hours.
            </p>
          </div>
          <EconomicDashboard loading={<DashboardLoading />} />
          <noscript>
            <p className="rounded-md border bg-white p-4 text-sm text-slate-700">
              The dashboard loads its figures with JavaScript. The same data is available as JSON at /api/economic/dashboard.
            </p>
          </noscript>
          {/* Not in a Suspense boundary: streamed content would stay hidden without JavaScript. */}
          <AlertsCharts />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
