import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import { defineRoute } from "@/lib/http/route";
import { openBillingPortal } from "@/lib/payments/account-billing";
import { asApi, billingDeps } from "@/lib/payments/account-http";

/** POST /api/account/billing-portal -> {url}: Stripe's hosted portal (change card, invoices), returning to /account. */
export const POST = defineRoute(
  { name: "account-billing-portal", auth: "subscriber", rateLimit: { capacity: 10, refillMs: 60_000 } },
  async ({ db, now, subscriber }) => {
    // Demo payments (docs/billing.md "Demo payments"): the local server has no hosted portal page.
    if (getEnv().demoPayments) throw new ApiError(409, "Demo payments have no card portal: no card is kept with a payment provider.");
    const returnUrl = `${getEnv().SITE_URL.replace(/\/+$/, "")}/account`;
    const url = await asApi(() => openBillingPortal(billingDeps(db, now), subscriber.id, returnUrl));
    return { url };
  },
);
