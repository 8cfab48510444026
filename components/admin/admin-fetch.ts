import { ApiError } from "@/lib/http/client";
import type { SWRConfiguration } from "swr";

/** GET JSON with cookies (docs/product-rules.md §7); a non-OK answer throws an ApiError with the server's message. */
export async function getJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "include", cache: "no-store", headers: { accept: "application/json" } });
  } catch {
    throw new ApiError("Could not reach the server.", 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof body === "object" && body !== null && "message" in body && typeof body.message === "string" ? body.message : `HTTP ${response.status}`;
    throw new ApiError(message, response.status);
  }
  return body as T;
}

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
