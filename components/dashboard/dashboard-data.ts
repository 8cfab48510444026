/**
 * Browser side of the dashboard's two calls (docs/product-rules.md §7): GET /api/economic/dashboard
 * and GET /api/economic/details, read with SWR. Refetched every 30 seconds; a failed
 * load is retried twice, after 1 s and 2 s (backoff from 1 s doubling, at most 30 s);
 * no refetch on focus or reconnect.
 */
import type { SWRConfiguration } from "swr";
import type { DashboardDetails, DashboardResponse } from "@/lib/economy/schemas";
import { getJson } from "@/lib/http/client";

export const DASHBOARD_KEY = "/api/economic/dashboard";
export const DETAILS_KEY = "/api/economic/details";

export const REFRESH_INTERVAL_MS = 30_000;
export const MAX_RETRIES = 2;

/** Delay before retry number `retryCount` (1, 2, ...): 1 s doubling, at most 30 s. */
export function retryDelayMs(retryCount: number): number {
  return Math.min(1_000 * 2 ** Math.max(retryCount - 1, 0), 30_000);
}

export const DASHBOARD_SWR_OPTIONS: SWRConfiguration = {
  refreshInterval: REFRESH_INTERVAL_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: true,
  errorRetryCount: MAX_RETRIES,
  onErrorRetry: (_error, _key, _config, revalidate, { retryCount }) => {
    if (retryCount > MAX_RETRIES) return;
    setTimeout(() => void revalidate({ retryCount }), retryDelayMs(retryCount));
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function getRecord(url: string, failure: string): Promise<Record<string, unknown>> {
  // "no-cache": revalidate with the server every time (a 304 when nothing changed). The
  // dashboard call's Cache-Control is written for a CDN (s-maxage, stale-while-revalidate),
  // and Chromium honours stale-while-revalidate in the browser too, which would show a
  // refresh the stale answer (docs/performance.md).
  const body = await getJson<unknown>(url, { cache: "no-cache" }).catch(() => {
    throw new Error(failure);
  });
  if (!isRecord(body)) throw new Error(failure);
  return body;
}

/** The spec's call: a non-OK answer throws 'Failed to fetch economic data'. */
export async function fetchDashboard(url: string): Promise<DashboardResponse> {
  const body = await getRecord(url, "Failed to fetch economic data");
  const lists = ["alerts", "cpi", "ppi", "news"] as const;
  if (typeof body.lastUpdated !== "string" || lists.some((k) => !Array.isArray(body[k]))) throw new Error("Failed to fetch economic data");
  return body as DashboardResponse;
}

export async function fetchDetails(url: string): Promise<DashboardDetails> {
  const body = await getRecord(url, "Failed to fetch economic data details");
  if (!isRecord(body.cpi) || !isRecord(body.ppi) || !isRecord(body.news)) throw new Error("Failed to fetch economic data details");
  return body as DashboardDetails;
}
