"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
  type PayPalButtonsComponentProps,
} from "@paypal/react-paypal-js";
import { CheckCircle2, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { postJson } from "@/lib/http/client";
import { CHECKOUT_VARIANTS, type CheckoutVariantId } from "@/lib/payments/checkout-variants";
import { PAYMENT_ERROR_MESSAGE, PAYMENT_ERROR_TITLE } from "@/lib/payments/card-errors";
import { amountString, CURRENCY_CODE, successTitle, WALLET_FAILED, WALLET_UNAVAILABLE } from "./checkout-text";
import { Notice } from "./notices";

/**
 * The wallet (PayPal): create an order on our server, the buyer approves in PayPal, our
 * server captures it. COMPLETED -> success toast, confirmation email call, /alerts after
 * the variant's delay; anything else -> 'Payment failed...'. When the PayPal script
 * cannot load, the page says so and shows the fallback (the manual payment apps).
 */

export type WalletCheckoutProps = {
  variantId: CheckoutVariantId;
  clientId: string;
  env: "sandbox" | "live";
  /** Shown when PayPal cannot be used (server-rendered manual payment apps), if any. */
  fallback?: React.ReactNode;
};

type OnApproveData = Parameters<NonNullable<PayPalButtonsComponentProps["onApprove"]>>[0];
type CaptureResponse = { status?: string; id?: string; paymentId?: string };
type WalletState = { name: "ready" } | { name: "capturing" } | { name: "succeeded" } | { name: "failed" };

export function WalletCheckout({ variantId, clientId, env, fallback }: WalletCheckoutProps) {
  return (
    <PayPalScriptProvider
      options={{
        clientId,
        currency: CURRENCY_CODE,
        intent: "capture",
        components: "buttons",
        environment: env === "live" ? "production" : "sandbox",
      }}
    >
      <WalletButtons variantId={variantId} fallback={fallback} />
    </PayPalScriptProvider>
  );
}

function WalletButtons({ variantId, fallback }: { variantId: CheckoutVariantId; fallback?: React.ReactNode }) {
  const variant = CHECKOUT_VARIANTS[variantId];
  const router = useRouter();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [state, setState] = React.useState<WalletState>({ name: "ready" });
  const amount = amountString(variant.amountCents);
  const redirectTimer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  const resultHeading = React.useRef<HTMLParagraphElement>(null);

  React.useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );
  React.useEffect(() => {
    if (state.name === "succeeded" || state.name === "failed") resultHeading.current?.focus();
  }, [state.name]);

  async function createOrder(): Promise<string> {
    setState({ name: "ready" });
    const order = await postJson<{ id?: string }>("/api/paypal/order", { amount, currency: CURRENCY_CODE, intent: "CAPTURE" });
    if (!order.id) throw new Error("No order ID received from PayPal");
    return order.id;
  }

  async function onApprove(data: OnApproveData): Promise<void> {
    setState({ name: "capturing" });
    let result: CaptureResponse | null = null;
    try {
      result = await postJson<CaptureResponse>(`/api/paypal/order/${encodeURIComponent(data.orderID)}/capture`);
    } catch (error) {
      console.error("PayPal capture failed", error);
    }
    if (result?.status !== "COMPLETED") {
      setState({ name: "failed" });
      toast({ title: "Payment Failed", description: WALLET_FAILED, variant: "destructive" });
      return;
    }
    setState({ name: "succeeded" });
    toast({ title: successTitle(variant), description: "Taking you to your alerts dashboard...", variant: "success" });
    postJson("/api/send-payment-confirmation", { paymentId: data.orderID, amount, currency: CURRENCY_CODE, method: "PayPal" }).catch(
      (error: unknown) => console.error("Payment confirmation email request failed", error),
    );
    redirectTimer.current = setTimeout(() => router.push("/alerts"), variant.redirectDelayMs);
  }

  if (isRejected) {
    return (
      <div className="grid gap-4" data-testid="wallet-unavailable">
        <Notice tone="warning" title={WALLET_UNAVAILABLE}>
          <p>{fallback ? "You can still pay with one of the apps below." : "Please pay by card below, or try again later."}</p>
        </Notice>
        {fallback}
      </div>
    );
  }

  return (
    <div className="grid gap-4" data-testid="wallet">
      <p className="sr-only" role="status" aria-live="polite">
        {isPending ? "Loading PayPal..." : state.name === "capturing" ? "Completing your PayPal payment..." : ""}
      </p>
      {isPending ? (
        <p className="flex items-center gap-2 py-4 text-sm text-slate-700" data-testid="wallet-loading">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Loading PayPal...
        </p>
      ) : null}
      {state.name === "succeeded" ? (
        <div className="grid gap-3 rounded-lg border border-green-300 bg-green-50 p-5 text-center" data-testid="wallet-succeeded">
          <CheckCircle2 aria-hidden className="mx-auto size-10 text-success" />
          <p ref={resultHeading} tabIndex={-1} className="font-semibold text-green-950 focus:outline-none">
            {successTitle(variant)}
          </p>
          <p className="text-sm text-green-950">Taking you to your alerts dashboard...</p>
          <Button asChild variant="outline">
            <Link href="/alerts">Go to my alerts now</Link>
          </Button>
        </div>
      ) : (
        <>
          {state.name === "failed" ? (
            <p
              ref={resultHeading}
              tabIndex={-1}
              className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900 focus:outline-none"
              data-testid="wallet-error"
            >
              {WALLET_FAILED}
            </p>
          ) : null}
          {state.name === "capturing" ? (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Loader2 aria-hidden className="size-4 animate-spin" /> Completing your PayPal payment...
            </p>
          ) : null}
          {!isPending ? (
            <PayPalButtons
              style={{ layout: "vertical", label: "pay", shape: "rect" }}
              disabled={state.name === "capturing"}
              forceReRender={[amount]}
              createOrder={createOrder}
              onApprove={onApprove}
              onCancel={() => {
                console.info("PayPal payment cancelled by the buyer");
                toast({ title: "Payment cancelled", description: "You closed PayPal before paying. Nothing was charged." });
              }}
              onError={(error) => {
                console.error("PayPal error", error);
                toast({ title: PAYMENT_ERROR_TITLE, description: PAYMENT_ERROR_MESSAGE, variant: "destructive" });
              }}
            >
              <Notice tone="warning" title={WALLET_UNAVAILABLE}>
                <p>PayPal is not available in this browser.</p>
              </Notice>
              {fallback}
            </PayPalButtons>
          ) : null}
        </>
      )}
    </div>
  );
}
