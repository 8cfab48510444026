import type { Metadata } from "next";
import { pageMetadata } from "@/lib/seo";
import { CHECKOUT_VARIANTS, type CheckoutVariantId } from "@/lib/payments/checkout-variants";
import { amountLabel, purchaseName } from "./checkout-text";

/** Metadata of a checkout route: titled after the variant, never indexed. */
export function checkoutMetadata(id: CheckoutVariantId): Metadata {
  const variant = CHECKOUT_VARIANTS[id];
  const price = `${amountLabel(variant.amountCents)}${variant.plan?.interval === "month" ? " a month" : ""}`;
  return pageMetadata({
    title: variant.title,
    description: `Pay for the TariffWatch ${purchaseName(variant)} (${price}).`,
    path: variant.path,
    noIndex: true,
  });
}
