import type { SWRConfiguration } from "swr";

/** docs/product-rules.md §7: no automatic retries, data never goes stale, no refetch on focus. */
export const ADMIN_SWR_OPTIONS: SWRConfiguration = {
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
};

/** A random batch key (works on plain-http pages too, where crypto.randomUUID is missing). */
export function newBatchKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `resend-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
