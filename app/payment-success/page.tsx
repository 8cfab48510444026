import type { Metadata } from "next";
import Link from "next/link";
import { AlertTriangle, CheckCircle2, Clock, HelpCircle, XCircle } from "lucide-react";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";
import { Button } from "@/components/ui/button";
import { PLANS, type Plan } from "@/lib/catalog";
import { publicPaymentConfig } from "@/lib/payments/public-config";
import { getStripe } from "@/lib/payments/stripe-client";
import { paymentReturnStatus } from "./status";
import { pageMetadata } from "@/lib/seo";
import { firstParam, type SearchParams } from "@/lib/http/search-params";

export const metadata: Metadata = pageMetadata({
  title: "Payment status",
  description: "The status of your TariffWatch payment.",
  path: "/payment-success",
  noIndex: true,
});

/** The plan named in ?plan=<planId> (consumer, professional, pro-alerts); anything else is the Consumer Plan. */
function planFrom(id: string | undefined): Plan {
  if (id === "consumer" || id === "professional" || id === "pro-alerts") return PLANS[id];
  return PLANS.consumer;
}

/**
 * /payment-success: the card provider's return URL (?payment_intent=...&payment_intent_client_secret=...).
 * Shows the real status of that payment, asked of Stripe on the server (./status.ts): succeeded,
 * processing, requires action, failed; "unknown" without a checkable payment. Rendered per request.
 */
export default async function PaymentSuccessPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const plan = planFrom(firstParam(params.plan));
  const { status, reference } = await paymentReturnStatus(getStripe(), {
    paymentIntent: firstParam(params.payment_intent),
    clientSecret: firstParam(params.payment_intent_client_secret),
  });
  const { supportEmail } = publicPaymentConfig();
  const mail = (
    <a href={`mailto:${supportEmail}`} className="font-medium text-primary underline underline-offset-2">
      {supportEmail}
    </a>
  );

  return (
    <>
      <BackHeader backLabel="Back to Home" />
      <main id="main" className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
          <div className="grid gap-6 rounded-xl border bg-white p-8 text-center shadow-sm" data-testid="payment-result" data-status={status}>
            {status === "succeeded" ? (
              <>
                <CheckCircle2 aria-hidden className="mx-auto size-14 text-success" />
                <h1 className="text-3xl font-bold tracking-tight text-brand-navy">Payment Successful, Welcome to {plan.name}</h1>
                <p className="text-slate-700">
                  Thank you for subscribing. Your tariff alerts dashboard is ready, and a payment confirmation is
                  on its way to the email you gave at checkout.
                </p>
              </>
            ) : status === "processing" ? (
              <>
                <Clock aria-hidden className="mx-auto size-14 text-amber-700" />
                <h1 className="text-3xl font-bold tracking-tight text-brand-navy">Payment Processing</h1>
                <p className="text-slate-700">
                  Your bank is still processing the payment for the {plan.name}. We will email you as soon as it completes; there
                  is nothing more to do now.
                </p>
              </>
            ) : status === "requires_action" ? (
              <>
                <AlertTriangle aria-hidden className="mx-auto size-14 text-amber-700" />
                <h1 className="text-3xl font-bold tracking-tight text-brand-navy">Payment Needs Your Action</h1>
                <p className="text-slate-700">
                  Your bank asked for one more step (such as confirming the payment in its app) before the payment for the{" "}
                  {plan.name} can complete. You have not been charged yet. Please go back to checkout and try again.
                </p>
              </>
            ) : status === "unknown" ? (
              <>
                <HelpCircle aria-hidden className="mx-auto size-14 text-amber-700" />
                <h1 className="text-3xl font-bold tracking-tight text-brand-navy">We Could Not Confirm a Payment</h1>
                <p className="text-slate-700">
                  This page did not come with a payment we could check. If you paid, your receipt is emailed to the address you
                  gave at checkout, and your plan shows in your account.
                </p>
              </>
            ) : (
              <>
                <XCircle aria-hidden className="mx-auto size-14 text-destructive" />
                <h1 className="text-3xl font-bold tracking-tight text-brand-navy">Payment Not Completed</h1>
                <p className="text-slate-700">
                  The payment for the {plan.name} did not go through, and you have not been charged. Please try again with
                  another card or payment method.
                </p>
              </>
            )}
            {reference ? <p className="text-sm text-muted-foreground">Payment reference: {reference}</p> : null}
            {status === "succeeded" || status === "processing" || status === "unknown" ? (
              <p className="text-sm text-slate-700" data-testid="sign-in-hint">
                Your plan, receipts and card are in your account:{" "}
                <Link href="/sign-in" className="font-medium text-primary underline underline-offset-2">
                  sign in
                </Link>{" "}
                with the same email you paid with, and we will email you a one-time sign-in link.
              </p>
            ) : null}
            <div className="flex flex-wrap justify-center gap-3">
              {status === "failed" || status === "requires_action" ? (
                <Button asChild>
                  <Link href={plan.checkoutPath}>Try again</Link>
                </Button>
              ) : (
                <Button asChild>
                  <Link href="/alerts">Go to my alerts dashboard</Link>
                </Button>
              )}
              <Button asChild variant="outline">
                <Link href="/">Back to Home</Link>
              </Button>
            </div>
            <p className="text-sm text-slate-700">Questions about your payment? Email {mail}.</p>
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
