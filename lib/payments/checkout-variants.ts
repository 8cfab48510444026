import { chargeableForTag, PLANS, type Plan, type PlanTag } from "@/lib/catalog";

/**
 * The checkout routes are one checkout configured per route (docs/product-rules.md §D2).
 * Each entry says what the route sells and which parts of the checkout it shows.
 * Safe for the browser: no secrets here.
 */
export type CheckoutVariantId =
  | "checkout"
  | "checkout-consumer"
  | "checkout-test"
  | "checkout-working"
  | "checkout-debug"
  | "checkout-simple-card"
  | "checkout-enhanced"
  | "checkout-paypal-primary"
  | "checkout-professional-paypal"
  | "checkout-professional"
  | "checkout-card-ultimate";

export type CheckoutVariant = {
  id: CheckoutVariantId;
  path: `/${CheckoutVariantId}`;
  title: string;
  /** Plan tag sent to POST /api/create-payment-intent; null when the page has no card form. */
  planTag: PlanTag | null;
  /** What is sold: a monthly plan, or the $1 test payment. */
  plan: Plan | null;
  /** Amount in cents, from the catalog. */
  amountCents: number;
  /** "payment" = Stripe Payment Element; "card" = the single legacy Card Element; null = no card form. */
  cardElement: "payment" | "card" | null;
  /** PayPal buttons (shown when configured and the script loads). */
  wallet: boolean;
  /** Manual payment apps (Venmo, Cash App, Zelle) when the wallet is unavailable. */
  manualFallback: boolean;
  /** Order of the two forms when both are shown. */
  walletFirst: boolean;
  /** Setup and payment logs with a status indicator (/checkout-debug). */
  debugLog: boolean;
  /** Debug information dump (/checkout-test). */
  debugDump: boolean;
  /** Warning that some cards may have issues (/checkout-enhanced). */
  cardWarning: boolean;
  /** Card-only page: 'Payment Setup Failed' offers the wallet; an unclear status says so. */
  secureCardOnly: boolean;
  /** Delay before going to /alerts after a successful payment. */
  redirectDelayMs: number;
  /** Signed-in admins only (diagnostics that can charge or dump internals). */
  adminOnly: boolean;
  /** Feature list shown beside the form. */
  showFeatures: boolean;
  /**
   * What a buyer is offered when this page's own way to pay is not set up (docs/experience.md
   * "Checkout: no dead ends"): the card checkout and the wallet checkout of the same plan, if any.
   * The free trial is offered when neither works.
   */
  cardAlternative: `/${CheckoutVariantId}` | null;
  walletAlternative: `/${CheckoutVariantId}` | null;
};

const base = {
  wallet: false,
  manualFallback: false,
  walletFirst: false,
  debugLog: false,
  debugDump: false,
  cardWarning: false,
  secureCardOnly: false,
  redirectDelayMs: 2000,
  adminOnly: false,
  showFeatures: false,
  cardAlternative: null,
  walletAlternative: null,
} as const;

function card(id: CheckoutVariantId, title: string, planTag: PlanTag, extra: Partial<CheckoutVariant> = {}): CheckoutVariant {
  const item = chargeableForTag(planTag);
  if (!item) throw new Error(`Unknown plan tag ${planTag}`);
  return {
    ...base,
    id,
    path: `/${id}`,
    title,
    planTag,
    plan: item.kind === "subscription" ? item.plan : null,
    amountCents: item.kind === "subscription" ? item.plan.amountCents : item.product.amountCents,
    cardElement: "payment",
    ...extra,
  };
}

export const CHECKOUT_VARIANTS: Readonly<Record<CheckoutVariantId, CheckoutVariant>> = {
  checkout: card("checkout", "Pro Alerts Checkout", "pro", { showFeatures: true }),
  "checkout-consumer": card("checkout-consumer", "Consumer Plan Checkout", "consumer", {
    showFeatures: true,
    walletAlternative: "/checkout-paypal-primary",
  }),
  "checkout-test": card("checkout-test", "Test Payment ($1)", "test", { debugDump: true, adminOnly: true }),
  "checkout-working": card("checkout-working", "Consumer Plan Checkout", "consumer", { walletAlternative: "/checkout-paypal-primary" }),
  "checkout-debug": card("checkout-debug", "Consumer Checkout (Debug)", "consumer-debug", { debugLog: true, adminOnly: true }),
  "checkout-simple-card": card("checkout-simple-card", "Consumer Plan: Card Payment", "consumer-simple-card", {
    cardElement: "card",
    walletAlternative: "/checkout-paypal-primary",
  }),
  "checkout-enhanced": card("checkout-enhanced", "Consumer Plan Checkout", "consumer-enhanced", {
    wallet: true,
    walletFirst: true,
    cardWarning: true,
    showFeatures: true,
  }),
  "checkout-paypal-primary": {
    ...base,
    id: "checkout-paypal-primary",
    path: "/checkout-paypal-primary",
    title: "Consumer Plan Checkout",
    planTag: "consumer-paypal-primary",
    plan: PLANS.consumer,
    amountCents: PLANS.consumer.amountCents,
    cardElement: null,
    wallet: true,
    manualFallback: true,
    walletFirst: true,
    showFeatures: true,
    cardAlternative: "/checkout-consumer",
  },
  "checkout-professional-paypal": {
    ...base,
    id: "checkout-professional-paypal",
    path: "/checkout-professional-paypal",
    title: "Professional Plan Checkout",
    planTag: null,
    plan: PLANS.professional,
    amountCents: PLANS.professional.amountCents,
    cardElement: null,
    wallet: true,
    manualFallback: true,
    walletFirst: true,
    showFeatures: true,
    cardAlternative: "/checkout-professional",
  },
  "checkout-professional": card("checkout-professional", "Professional Plan Checkout", "professional", {
    showFeatures: true,
    walletAlternative: "/checkout-professional-paypal",
  }),
  "checkout-card-ultimate": card("checkout-card-ultimate", "Secure Card Checkout", "consumer-ultimate-card", {
    secureCardOnly: true,
    redirectDelayMs: 1500,
    walletAlternative: "/checkout-paypal-primary",
  }),
};

export const CHECKOUT_VARIANT_LIST: readonly CheckoutVariant[] = Object.values(CHECKOUT_VARIANTS);
