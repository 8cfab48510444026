"use client";

import * as React from "react";
import useSWR from "swr";
import { DASHBOARD_KEY, DASHBOARD_SWR_OPTIONS, DETAILS_KEY, fetchDashboard, fetchDetails } from "./dashboard-data";

/**
 * What shows once the call has answered: the loaded view and the error card. Their code (the
 * tabs, the four panels, the buttons and icons) is fetched after the page's load event, in
 * parallel with the figures, and not with the page: until the figures are in there is nothing
 * for it to draw (docs/performance.md, "/alerts rendering").
 */
const loadView = () => import("./dashboard-view");
const DashboardView = React.lazy(() => loadView().then((m) => ({ default: m.DashboardView })));
const ErrorState = React.lazy(() => loadView().then((m) => ({ default: m.ErrorState })));

/**
 * If the view's code cannot be fetched (a dropped connection, or a new release whose files
 * replaced this page's), the page keeps working and says so, instead of failing whole.
 */
class ViewBoundary extends React.Component<{ children: React.ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    // Only a browser gets here (a failed import): reload the address as it is, so a
    // subscriber on /alerts?view=market comes back to the dashboard, not to /alerts/mine.
    const here = `${window.location.pathname}${window.location.search}`;
    return (
      <div role="alert" data-testid="dashboard-unavailable" className="rounded-lg border bg-white p-6 text-center text-slate-800">
        <p className="font-semibold">The dashboard could not be loaded.</p>
        <p className="mt-1 text-sm">
          <a href={here} className="font-medium text-primary underline underline-offset-4">
            Reload the page
          </a>{" "}
          to try again; the data is also available as JSON at /api/economic/dashboard.
        </p>
      </div>
    );
  }
}

function useLoadAfterPageLoad(load: () => unknown): void {
  React.useEffect(() => {
    // A failed fetch here is only a prefetch: rendering the view imports it again.
    const prefetch = () => void Promise.resolve(load()).catch(() => undefined);
    if (document.readyState === "complete") {
      prefetch();
      return;
    }
    window.addEventListener("load", prefetch, { once: true });
    return () => window.removeEventListener("load", prefetch);
  }, [load]);
}

/**
 * The economic dashboard (/alerts). The page shell and the loading card (`loading`) are
 * rendered on the server; the data comes from GET /api/economic/dashboard (and its companion
 * /api/economic/details) with SWR: refetched every 30 s, a failed load retried twice with
 * backoff, no refetch on focus. Loading, error and loaded states as docs/product-rules.md §2
 * gives them. The dashboard shows once both calls have answered (or the details call has
 * failed), so the source lines at its top do not push the tabs down when they arrive
 * (Lighthouse measured a layout shift of 0.093 on the tabs: docs/performance.md).
 */
export function EconomicDashboard({ loading }: { loading: React.ReactNode }) {
  const dashboard = useSWR(DASHBOARD_KEY, fetchDashboard, DASHBOARD_SWR_OPTIONS);
  const details = useSWR(DETAILS_KEY, fetchDetails, DASHBOARD_SWR_OPTIONS);
  useLoadAfterPageLoad(loadView);
  const data = dashboard.data;
  // The view's first render (four panels, tabs, a table per category) is deferred: SWR's
  // answer arrives as a synchronous update, which React rendered in one long task (100-200 ms
  // on a phone-speed CPU); as a deferred value React renders the view in the background, in
  // slices, and keeps the loading card until it is ready (docs/performance.md "/alerts: the
  // charts as numbers in the payload, the dashboard as a transition").
  const answered = React.useDeferredValue(Boolean(data && (details.data || details.error)));

  let shown: React.ReactNode = loading;
  if (data && answered) shown = <DashboardView data={data} dashboard={dashboard} details={details} />;
  else if (!data && dashboard.error) shown = <ErrorState onRetry={() => void dashboard.mutate()} retrying={dashboard.isValidating} />;
  // The loading card alone sits outside the Suspense boundary: a boundary that has shown it
  // and then suspends on the view keeps a hidden copy beside its fallback (two cards in the
  // page); a boundary mounted fresh shows only its fallback.
  return <ViewBoundary>{shown === loading ? loading : <React.Suspense fallback={loading}>{shown}</React.Suspense>}</ViewBoundary>;
}
