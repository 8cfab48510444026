import "server-only";
import { formatPrice } from "@/lib/catalog";
import { getEnv } from "@/lib/env";
import { site } from "@/lib/site";
import { DEMO_CONFIRM_PATH, DEMO_STRIPE_SCRIPT_PATH } from "./demo-payments";

/**
 * What the checkout pages may know about payment set-up: public keys only, never a
 * secret. Pages read it on the server and pass it to the checkout module.
 */
export type ManualPaymentApp = {
  app: "Venmo" | "Cash App" | "Zelle";
  handle: string;
  /** Link that opens the app with the amount and note filled in, when the app has one. */
  payUrl: string | null;
};

export type PublicPaymentConfig = {
  stripe: { publishableKey: string; live: boolean } | null;
  paypal: { clientId: string; env: "sandbox" | "live" } | null;
  supportEmail: string;
  /** The business name given to the card provider: the operator. */
  businessName: string;
  /** Demo payments (docs/billing.md "Demo payments"): the local payment server, its stand-in card form, "no money moves". */
  demo: { scriptUrl: string; confirmUrl: string } | null;
};

export function publicPaymentConfig(): PublicPaymentConfig {
  const env = getEnv();
  return {
    stripe: env.stripe ? { publishableKey: env.stripe.publishableKey, live: env.stripe.live } : null,
    paypal: env.paypal ? { clientId: env.paypal.clientId, env: env.paypal.env } : null,
    supportEmail: env.SUPPORT_EMAIL,
    businessName: site.operator,
    demo: env.demoPayments ? { scriptUrl: DEMO_STRIPE_SCRIPT_PATH, confirmUrl: DEMO_CONFIRM_PATH } : null,
  };
}

/** The manual payment apps that are configured, with a pay link for the exact amount and note. */
export function manualPaymentApps(amountCents: number, note: string): ManualPaymentApp[] {
  const { manualPay } = getEnv();
  const amount = formatPrice(amountCents, { cents: true }).replace("$", "");
  const apps: ManualPaymentApp[] = [];
  if (manualPay.venmo) {
    const user = manualPay.venmo.replace(/^@/, "");
    apps.push({
      app: "Venmo",
      handle: `@${user}`,
      payUrl: `https://venmo.com/${encodeURIComponent(user)}?txn=pay&amount=${amount}&note=${encodeURIComponent(note)}`,
    });
  }
  if (manualPay.cashApp) {
    apps.push({ app: "Cash App", handle: manualPay.cashApp, payUrl: `https://cash.app/${encodeURIComponent(manualPay.cashApp)}/${amount}` });
  }
  if (manualPay.zelle) apps.push({ app: "Zelle", handle: manualPay.zelle, payUrl: null });
  return apps;
}
