import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import { emailField } from "@/lib/validation/email";
import { paymentIntentIdFromSecret } from "./card-checkout";

/**
 * Demo payments, the browser's side (docs/billing.md "Demo payments"). Stripe.js cannot load
 * from js.stripe.com on a machine without the internet, and in demo mode it must not: the
 * card form is a small stand-in of the part of Stripe.js the checkout uses, served by the
 * local demo payment server and passed through here (same origin, so the pages' CSP stays
 * as it is). Its confirm call comes here and goes on to the demo server's
 * POST /v1/payment_intents/{id}/confirm with the publishable key, as Stripe.js calls
 * Stripe's API; the demo server then sends the signed webhooks that grant the plan. Both
 * routes are 404 unless DEMO_PAYMENTS is on (lib/env/payments.ts holds it to the local
 * server and test keys).
 */
export const DEMO_STRIPE_SCRIPT_PATH = "/api/demo-payments/stripe.js";
export const DEMO_CONFIRM_PATH = "/api/demo-payments/stripe/confirm";

/** The demo server's address and the publishable key, or a 404 when demo payments are off. */
function demoStripe(): { apiUrl: string; publishableKey: string } {
  const env = getEnv();
  if (!env.demoPayments || !env.stripe?.apiUrl) throw new ApiError(404, "Demo payments are not on for this server.");
  return { apiUrl: env.stripe.apiUrl.replace(/\/+$/, ""), publishableKey: env.stripe.publishableKey };
}

async function fromDemoServer(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new ApiError(502, "The demo payment server did not answer: is `npm run app` still running?");
  }
}

/** The stand-in of Stripe.js (text/javascript), from the demo payment server. */
export async function demoStripeScript(): Promise<Response> {
  const { apiUrl } = demoStripe();
  const answer = await fromDemoServer(`${apiUrl}/demo/stripe.js`);
  if (!answer.ok) throw new ApiError(502, "The demo payment server has no card form.");
  return new Response(await answer.text(), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

export const demoConfirmSchema = z.object({
  clientSecret: z.string({ error: "clientSecret is the payment's client secret." }).regex(/^pi_\w+_secret_\w+$/, { error: "clientSecret is the payment's client secret." }),
  number: z.string({ error: "Enter the card number." }).regex(/^\d{12,19}$/, { error: "Enter the card number: 12 to 19 digits." }),
  email: z.optional(emailField),
});

type StripeJsResult = { paymentIntent: { id: string; object: "payment_intent"; status: string } } | { error: Record<string, unknown> };

/** Confirms a demo payment with a test card, answered the way Stripe.js answers confirmPayment. */
export async function confirmDemoCard(input: z.output<typeof demoConfirmSchema>): Promise<StripeJsResult> {
  const { apiUrl, publishableKey } = demoStripe();
  const id = paymentIntentIdFromSecret(input.clientSecret);
  const form = new URLSearchParams({
    client_secret: input.clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": input.number,
    ...(input.email ? { "payment_method_data[billing_details][email]": input.email } : {}),
  });
  const answer = await fromDemoServer(`${apiUrl}/v1/payment_intents/${encodeURIComponent(id)}/confirm`, {
    method: "POST",
    headers: { Authorization: `Bearer ${publishableKey}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  const body = (await answer.json().catch(() => null)) as { id?: string; status?: string; error?: Record<string, unknown> } | null;
  if (answer.ok && body?.id && body.status) return { paymentIntent: { id: body.id, object: "payment_intent", status: body.status } };
  if (body?.error) return { error: body.error };
  throw new ApiError(502, "The demo payment server gave no answer the card form can read.");
}
