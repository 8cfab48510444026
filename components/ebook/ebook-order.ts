import { CURRENCY, PRODUCTS } from "@/lib/catalog";

/**
 * The browser side of the e-book order (docs/product-rules.md §7, §8): POST /paypal/order with a
 * JSON body, aborted after 10 s; reads `id` (required) and the `links[]` entry with rel
 * "approve". Returns the approval URL the browser then goes to.
 */
export const ORDER_TIMEOUT_MS = 10_000;
export const ORDER_TIMEOUT_ALERT = "Payment request timed out. Please try again.";
export const NO_ORDER_ID = "No order ID received from PayPal";
export const NO_APPROVAL_URL = "No approval URL found in PayPal response";

/** "4.99": the e-book's total from the catalog, as PayPal amounts are written. */
export const EBOOK_ORDER_AMOUNT = ((PRODUCTS.ebook.amountCents + PRODUCTS.ebook.processingFeeCents) / 100).toFixed(2);

export const EBOOK_ORDER_BODY = {
  amount: EBOOK_ORDER_AMOUNT,
  currency: CURRENCY,
  intent: "CAPTURE",
  description: PRODUCTS.ebook.name,
} as const;

export class OrderTimeoutError extends Error {
  constructor() {
    super(ORDER_TIMEOUT_ALERT);
    this.name = "OrderTimeoutError";
  }
}

type OrderLink = { rel?: unknown; href?: unknown };

function approvalHref(data: unknown): string {
  const record = typeof data === "object" && data !== null ? (data as { id?: unknown; links?: unknown }) : {};
  if (typeof record.id !== "string" || record.id === "") throw new Error(NO_ORDER_ID);
  const links: OrderLink[] = Array.isArray(record.links) ? (record.links as OrderLink[]) : [];
  const approve = links.find((l) => l && l.rel === "approve");
  if (!approve || typeof approve.href !== "string" || approve.href === "") throw new Error(NO_APPROVAL_URL);
  return approve.href;
}

/** Creates the order and returns PayPal's approval URL. Throws OrderTimeoutError after 10 s. */
export async function createEbookOrder(fetchImpl: typeof fetch = fetch): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ORDER_TIMEOUT_MS);
  try {
    const response = await fetchImpl("/paypal/order", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "include",
      body: JSON.stringify(EBOOK_ORDER_BODY),
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
    const data: unknown = await response.json().catch(() => null);
    return approvalHref(data);
  } catch (error) {
    if (controller.signal.aborted) throw new OrderTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The alert text for a failed order. */
export function orderFailureAlert(error: unknown): string {
  if (error instanceof OrderTimeoutError) return ORDER_TIMEOUT_ALERT;
  const message = error instanceof Error && error.message ? error.message : "Unknown error";
  return `Payment error: ${message}`;
}
