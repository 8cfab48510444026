import type { Metadata } from "next";
import Link from "next/link";
import { AlertFilters } from "@/components/alerts/alert-filters";
import { AlertList } from "@/components/alerts/alert-list";
import { CsvExportButton } from "@/components/csv/export-button";
import { AccountHeader } from "@/components/accounts/account-header";
import { Button } from "@/components/ui/button";
import { requireSubscriberPage } from "@/lib/accounts/page-guard";
import { MARKET_DASHBOARD_PATH } from "@/lib/accounts/paths";
import { alertCategories, cleanFilters, listAlerts, unreadAlertCount } from "@/lib/alerts/list";
import { getDb } from "@/lib/db";
import { firstParam, type SearchParams } from "@/lib/http/search-params";
import { upgradePathFor } from "@/lib/watchlist/plan";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your alerts", robots: { index: false, follow: false } };

const one = (v: string | string[] | undefined) => firstParam(v) ?? null;

/**
 * /alerts/mine (docs/alerts.md): the signed-in subscriber's alerts,
 * newest first, filtered by severity and category through query parameters (a plain GET
 * form, so it works without JavaScript), each with a mark-read button and a link to its
 * calculation.
 */
export default async function MyAlertsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const filters = cleanFilters({ severity: one(params.severity), category: one(params.category) });
  const query = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  const path = `/alerts/mine${query ? `?${query}` : ""}`;
  const { subscriber, access } = await requireSubscriberPage(path);
  const db = getDb();
  const [alerts, categories, unread] = await Promise.all([
    listAlerts(db, subscriber.id, filters),
    alertCategories(db, subscriber.id),
    unreadAlertCount(db, subscriber.id),
  ]);
  const filtered = Boolean(filters.severity || filters.category);

  return (
    <>
      <AccountHeader email={subscriber.email} />
      <main id="main" className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 className="text-3xl font-bold text-brand-navy">Your alerts</h1>
            <CsvExportButton href="/api/alerts/export" what="your alerts" upgrade={access.entitlements.csvExport ? null : upgradePathFor(access, "csvExport")} testId="alerts-export" />
          </div>
          <p className="mt-1 text-slate-700">
            {unread === 0 ? "Nothing unread." : `${unread} unread.`} Each alert shows the projected shelf-price change for something you watch, with every
            figure traced to its source.
          </p>
          {access.alertsPaused ? (
            <p role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              Your alerts are paused because your plan or trial has ended. Your watchlist and these alerts stay;{" "}
              <Link href="/pricing" className="underline">
                choose a plan
              </Link>{" "}
              to turn them back on.
            </p>
          ) : null}
        </div>
        <AlertFilters severity={filters.severity} category={filters.category} categories={categories} />
        {alerts.length === 0 ? (
          <div className="rounded-lg border border-dashed bg-white p-8 text-center" data-testid="alerts-empty">
            <h2 className="text-lg font-semibold text-slate-900">{filtered ? "No alerts match these filters" : "No alerts yet"}</h2>
            <p className="mt-2 text-slate-700">
              {filtered
                ? "Try another severity or category, or clear the filters."
                : "When a tariff change is projected to move the price of something on your watchlist, it appears here and in your email."}
            </p>
            <div className="mt-4 flex justify-center gap-3">
              {filtered ? (
                <Button asChild variant="outline">
                  <Link href="/alerts/mine">Clear filters</Link>
                </Button>
              ) : (
                <Button asChild>
                  <Link href="/watchlist">Open your watchlist</Link>
                </Button>
              )}
            </div>
          </div>
        ) : (
          <AlertList alerts={alerts} back={path} />
        )}
        <p className="text-sm text-slate-700">
          Alert emails, digest frequency and SMS: <Link href="/account" className="underline">your account preferences</Link>. Consumer and producer
          prices and tariff news for everyone:{" "}
          <Link href={MARKET_DASHBOARD_PATH} className="underline" data-testid="market-dashboard-from-alerts">
            the market dashboard
          </Link>
          .
        </p>
      </main>
    </>
  );
}
