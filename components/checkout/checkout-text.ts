import { CURRENCY, formatPrice } from "@/lib/catalog";
import type { CheckoutVariant } from "@/lib/payments/checkout-variants";

/**
 * Texts and amounts shared by the checkout's server and client parts. Prices come from
 * the variant (which reads the catalog); nothing here writes a price literal.
 */

/** "10.00": the amount as the payment calls send it. */
export function amountString(amountCents: number): string {
  return (amountCents / 100).toFixed(2);
}

/** "$10.00" */
export function amountLabel(amountCents: number): string {
  return formatPrice(amountCents, { cents: true });
}

/** What the buyer gets, as named in messages: "Consumer Plan", "Pro Alerts", "Test payment". */
export function purchaseName(variant: CheckoutVariant): string {
  return variant.plan?.name ?? "Test payment";
}

/** Success toast title (docs/product-rules.md §8): 'Payment Successful! Welcome to Consumer Plan!' */
export function successTitle(variant: CheckoutVariant): string {
  return variant.plan ? `Payment Successful! Welcome to ${variant.plan.name}!` : `Payment Successful! Test payment of ${amountLabel(variant.amountCents)} received.`;
}

export const CURRENCY_CODE = CURRENCY;
export const WALLET_NAME = "PayPal";

export const CARDS_NOT_CONFIGURED = "Card payments are not configured on this server.";
export const PAYMENTS_NOT_CONFIGURED = "Online payments are not set up on this server.";
export const UNABLE_TO_LOAD_FORM = "Unable to load payment form";
export const FAILED_TO_LOAD_FORM = "Failed to load payment form. Please refresh the page.";
export const PAYMENT_SETUP_FAILED = "Payment Setup Failed";
export const WALLET_FAILED = "Payment failed. Please try again or contact support.";
export const WALLET_UNAVAILABLE = "The PayPal wallet is temporarily unavailable.";
export const WALLET_NOT_CONFIGURED = "PayPal payments are not set up on this server.";
export const SUBSCRIPTIONS_UNAVAILABLE = "The PayPal wallet is not available for monthly subscriptions on this server.";
