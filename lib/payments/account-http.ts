import "server-only";
import { ApiError } from "@/lib/http/route";
import { getPayPal } from "./paypal";
import { getStripe } from "./stripe-client";
import type { BillingDeps } from "./account-billing";
import { PaymentError } from "./errors";
import type { PrismaClient } from "@/lib/db/generated/client";

/** The billing dependencies of an account route. */
export function billingDeps(db: PrismaClient, now: Date): BillingDeps {
  return { db, stripe: getStripe(), paypal: getPayPal(), now };
}

/** Runs a billing action; a PaymentError becomes the route frame's ApiError. */
export async function asApi<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof PaymentError) throw new ApiError(error.status, error.message, error.errors);
    throw error;
  }
}
