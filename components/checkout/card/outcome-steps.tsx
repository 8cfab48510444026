"use client";

import Link from "next/link";
import { CheckCircle2, HelpCircle, Loader2, RotateCw, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PAYMENT_STATUS_UNCLEAR_MESSAGE, PAYMENT_STATUS_UNCLEAR_TITLE } from "@/lib/payments/card-errors";
import { PAYMENT_SETUP_FAILED, UNABLE_TO_LOAD_FORM, WALLET_NAME } from "../checkout-text";
import { StepHeading } from "./step-heading";

/** Step 2: the payment intent is being created, or Stripe.js is still loading. */
export function PreparingStep() {
  return (
    <p className="flex items-center gap-2 py-6 text-sm text-slate-700" data-testid="card-loading">
      <Loader2 aria-hidden className="size-4 animate-spin" /> Preparing your secure payment form...
    </p>
  );
}

/** The payment succeeded: the buyer is on the way to the alerts dashboard. */
export function SucceededStep({ title }: { title: string }) {
  return (
    <div className="grid gap-3 py-2 text-center" data-testid="payment-succeeded">
      <CheckCircle2 aria-hidden className="mx-auto size-12 text-success" />
      <StepHeading focus>{title}</StepHeading>
      <p className="text-sm text-slate-700">Taking you to your alerts dashboard...</p>
      <Button asChild variant="outline">
        <Link href="/alerts">Go to my alerts now</Link>
      </Button>
    </div>
  );
}

/** Stripe reported a status other than succeeded: the buyer is told we do not know yet. */
export function UnclearStep() {
  return (
    <div className="grid gap-3 py-2" data-testid="payment-unclear">
      <div className="flex items-center gap-2">
        <HelpCircle aria-hidden className="size-6 text-amber-700" />
        <StepHeading focus>{PAYMENT_STATUS_UNCLEAR_TITLE}</StepHeading>
      </div>
      <p className="text-sm text-slate-700">{PAYMENT_STATUS_UNCLEAR_MESSAGE}</p>
      <Button asChild variant="outline">
        <Link href="/">Back to Home</Link>
      </Button>
    </div>
  );
}

/** Stripe.js or the payment intent could not be set up. */
export function SetupFailure({ message, secureCardOnly, focus }: { message: string; secureCardOnly: boolean; focus: boolean }) {
  return (
    <div className="grid gap-4 rounded-lg border border-red-300 bg-red-50 p-5" data-testid="card-setup-failed">
      <div className="flex items-center gap-2 text-red-900">
        <XCircle aria-hidden className="size-6 shrink-0" />
        <StepHeading focus={focus}>{secureCardOnly ? PAYMENT_SETUP_FAILED : UNABLE_TO_LOAD_FORM}</StepHeading>
      </div>
      <p className="text-sm text-red-950">{message}</p>
      <div className="flex flex-wrap gap-3">
        {secureCardOnly ? (
          <>
            <Button asChild>
              <Link href="/checkout-paypal-primary">Pay with {WALLET_NAME} instead</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/">Back to Home</Link>
            </Button>
          </>
        ) : (
          <>
            <Button type="button" onClick={() => window.location.reload()}>
              <RotateCw aria-hidden /> Reload page
            </Button>
            <Button asChild variant="outline">
              <Link href="/">Return Home</Link>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
