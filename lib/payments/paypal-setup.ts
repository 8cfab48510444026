import { CURRENCY, PLANS } from "@/lib/catalog";
import type { PayPalClient } from "./paypal-client";
import { paypalAmount } from "./paypal-amount";
import type { WalletSubscriptionPlan } from "./paypal-schemas";

/**
 * `npm run paypal:setup` (scripts/paypal-setup.ts): the catalog product and one monthly
 * billing plan per wallet plan at PayPal, priced from lib/catalog. Idempotent: lists first
 * and reuses a product or ACTIVE plan of the same name, so running it twice creates nothing
 * new. Returns the env lines to set.
 */
export const PRODUCT_NAME = "TariffWatch";
export const planNameFor = (planId: WalletSubscriptionPlan) => `TariffWatch ${PLANS[planId].name} (${paypalAmount(PLANS[planId].amountCents)} ${CURRENCY} monthly)`;

export type SetupResult = {
  productId: string;
  createdProduct: boolean;
  plans: Record<WalletSubscriptionPlan, { id: string; created: boolean }>;
  env: string[];
};

export async function setUpPayPalPlans(paypal: PayPalClient): Promise<SetupResult> {
  const products = await paypal.listProducts();
  let product = products.find((p) => p.name === PRODUCT_NAME);
  const createdProduct = !product;
  product ??= await paypal.createProduct({ name: PRODUCT_NAME, description: "TariffWatch tariff alerts, billed monthly" }, "tariffwatch-product-v1");
  const existing = await paypal.listPlans(product.id);
  const plans = {} as SetupResult["plans"];
  for (const planId of ["consumer", "professional"] as const) {
    // The name carries the price: a price change in the catalog makes a new plan (PayPal plans keep their price).
    const name = planNameFor(planId);
    const found = existing.find((p) => p.name === name && p.status === "ACTIVE");
    if (found) {
      plans[planId] = { id: found.id, created: false };
      continue;
    }
    const created = await paypal.createMonthlyPlan(
      { productId: product.id, name, description: `${PLANS[planId].name}, billed monthly until cancelled`, amountValue: paypalAmount(PLANS[planId].amountCents), currency: CURRENCY },
      `tariffwatch-plan-${planId}-${PLANS[planId].amountCents}`,
    );
    plans[planId] = { id: created.id, created: true };
  }
  return {
    productId: product.id,
    createdProduct,
    plans,
    env: [`PAYPAL_PLAN_CONSUMER=${plans.consumer.id}`, `PAYPAL_PLAN_PROFESSIONAL=${plans.professional.id}`],
  };
}
