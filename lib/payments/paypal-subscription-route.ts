import "server-only";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/route";
import { PaymentError } from "./errors";
import { getPayPal } from "./paypal";
import type { PayPalClient } from "./paypal-client";
import type { PayPalPlanIds } from "./paypal-subscriptions";

/** PayPal and its plan ids, or null when the wallet cannot take subscriptions here. */
export function paypalForSubscriptions(): { paypal: PayPalClient; plans: PayPalPlanIds } | null {
  const config = getEnv().paypal;
  const paypal = getPayPal();
  if (!config || !paypal) return null;
  return { paypal, plans: config.plans };
}

/** PaymentError -> ApiError, for handlers declared with defineRoute. */
export async function asApi<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentError) throw new ApiError(error.status, error.message, error.errors);
    throw error;
  }
}
