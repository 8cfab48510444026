import { ApiError, defineRoute } from "@/lib/http/route";
import { NOT_CONFIGURED } from "@/lib/payments/errors";
import { getPayPal } from "@/lib/payments/paypal";

export const dynamic = "force-dynamic";

/** GET /api/paypal/setup -> {clientToken} for the PayPal script; 503 when PayPal is not configured. */
export const GET = defineRoute({ name: "paypal-setup", auth: "public", errorKey: "error", cacheControl: "no-store" }, async () => {
  const paypal = getPayPal();
  if (!paypal) throw new ApiError(503, NOT_CONFIGURED.wallet);
  return { clientToken: await paypal.generateClientToken() };
});
