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
import { useTypedBeforeHydration } from "@/components/forms/use-typed-before-hydration";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { postJson } from "@/lib/http/client";
import { CHECKOUT_VARIANTS, type CheckoutVariantId } from "@/lib/payments/checkout-variants";
import { PAYMENT_ERROR_MESSAGE, PAYMENT_ERROR_TITLE } from "@/lib/payments/card-errors";
import { amountString, CURRENCY_CODE, SUBSCRIPTIONS_UNAVAILABLE, successTitle, WALLET_FAILED, WALLET_UNAVAILABLE } from "./checkout-text";
import { Notice } from "./notices";

/**
 * The wallet (PayPal). Monthly plans (Consumer, Professional) are PayPal Subscriptions:
 * the button's createSubscription asks our server to create the subscription for the
 * buyer's email (POST /api/paypal/subscription), the buyer approves in PayPal's popup, and
 * our server checks the subscription at PayPal (GET /api/paypal/subscription?id=...):
 * active -> success and /alerts; still pending -> "activating" (the webhook finishes it).
 * When the server has no PayPal plan for it, the page says the wallet is unavailable for
 * subscriptions and offers what works instead, in one notice: the card form on the same
 * page, else the card checkout of the same plan (the variant's cardAlternative), else the
 * fallback. (The server leaves the wallet out when it knows this already; this covers a
 * configuration that changes under a loaded page.)
 * Anything else (one-time items) is an order our server captures: COMPLETED -> success,
 * PENDING -> "payment pending", anything else -> 'Payment failed...'. When the PayPal
 * script cannot load, the page says so and shows the fallback (the manual payment apps).
 */

export type WalletCheckoutProps = {
  variantId: CheckoutVariantId;
  clientId: string;
  env: "sandbox" | "live";
  /** Shown when PayPal cannot be used (server-rendered manual payment apps), if any. */
  fallback?: React.ReactNode;
};

type OnApproveData = Parameters<NonNullable<PayPalButtonsComponentProps["onApprove"]>>[0];
type CaptureResponse = { status?: string; id?: string; paymentId?: string; granted?: boolean };
type SubscriptionStatus = { status?: string; active?: boolean };
type WalletState = { name: "ready" } | { name: "capturing" } | { name: "succeeded" } | { name: "pending" } | { name: "failed" };
type Availability = { state: "checking" } | { state: "available" } | { state: "unavailable"; cardCheckoutPath: string | null };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The wallet subscription plan a variant sells, or null for one-time items. */
function subscriptionPlanOf(variantId: CheckoutVariantId): "consumer" | "professional" | null {
  const id = CHECKOUT_VARIANTS[variantId].plan?.id;
  return id === "consumer" || id === "professional" ? id : null;
}

export function WalletCheckout({ variantId, clientId, env, fallback }: WalletCheckoutProps) {
  const planId = subscriptionPlanOf(variantId);
  const [availability, setAvailability] = React.useState<Availability>(planId ? { state: "checking" } : { state: "available" });

  React.useEffect(() => {
    if (!planId) return;
    let live = true;
    fetch(`/api/paypal/subscription?planId=${planId}`, { credentials: "include" })
      .then((r) => (r.ok ? (r.json() as Promise<{ available?: boolean; cardCheckoutPath?: string | null }>) : null))
      .then((body) => {
        if (!live) return;
        setAvailability(body?.available ? { state: "available" } : { state: "unavailable", cardCheckoutPath: body?.cardCheckoutPath ?? null });
      })
      .catch(() => live && setAvailability({ state: "unavailable", cardCheckoutPath: null }));
    return () => {
      live = false;
    };
  }, [planId]);

  if (availability.state === "checking") {
    return (
      <p className="flex items-center gap-2 py-4 text-sm text-slate-700" data-testid="wallet-loading">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Loading PayPal...
      </p>
    );
  }
  if (availability.state === "unavailable") {
    return (
      <div className="grid gap-4" data-testid="wallet-unavailable">
        <Notice tone="warning" title={SUBSCRIPTIONS_UNAVAILABLE}>
          <Instead variantId={variantId} cardPath={availability.cardCheckoutPath} fallback={Boolean(fallback)} />
        </Notice>
        {fallback}
      </div>
    );
  }

  return (
    <PayPalScriptProvider
      options={{
        clientId,
        currency: CURRENCY_CODE,
        components: "buttons",
        environment: env === "live" ? "production" : "sandbox",
        ...(planId ? { vault: true, intent: "subscription" } : { intent: "capture" }),
      }}
    >
      <WalletButtons variantId={variantId} fallback={fallback} planId={planId} />
    </PayPalScriptProvider>
  );
}

function WalletButtons({ variantId, fallback, planId }: { variantId: CheckoutVariantId; fallback?: React.ReactNode; planId: "consumer" | "professional" | null }) {
  const variant = CHECKOUT_VARIANTS[variantId];
  const router = useRouter();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [state, setState] = React.useState<WalletState>({ name: "ready" });
  const amount = amountString(variant.amountCents);
  const redirectTimer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  const resultHeading = React.useRef<HTMLParagraphElement>(null);
  const [email, setEmail] = React.useState("");
  const [emailError, setEmailError] = React.useState<string | null>(null);
  // Read by createSubscription, which the PayPal button may hold from an earlier render.
  const emailRef = React.useRef("");
  useTypedBeforeHydration("wallet-email", (value) => {
    setEmail(value);
    emailRef.current = value;
  });

  React.useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );
  React.useEffect(() => {
    if (state.name === "succeeded" || state.name === "failed" || state.name === "pending") resultHeading.current?.focus();
  }, [state.name]);

  async function createOrder(): Promise<string> {
    setState({ name: "ready" });
    const order = await postJson<{ id?: string }>("/api/paypal/order", { amount, currency: CURRENCY_CODE, intent: "CAPTURE" });
    if (!order.id) throw new Error("No order ID received from PayPal");
    return order.id;
  }

  async function createSubscription(): Promise<string> {
    setState({ name: "ready" });
    const address = emailRef.current.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setEmailError("Please enter a valid email address");
      throw new Error("A valid email is needed for the subscription");
    }
    setEmailError(null);
    const created = await postJson<{ id?: string }>("/api/paypal/subscription", { planId, email: address });
    if (!created.id) throw new Error("No subscription ID received from PayPal");
    return created.id;
  }

  function succeed(paymentId: string) {
    setState({ name: "succeeded" });
    toast({ title: successTitle(variant), description: "Taking you to your alerts dashboard...", variant: "success" });
    postJson("/api/send-payment-confirmation", { paymentId, amount, currency: CURRENCY_CODE, method: "PayPal" }).catch((error: unknown) =>
      console.error("Payment confirmation email request failed", error),
    );
    redirectTimer.current = setTimeout(() => router.push("/alerts"), variant.redirectDelayMs);
  }

  async function onApproveSubscription(data: OnApproveData): Promise<void> {
    setState({ name: "capturing" });
    let result: SubscriptionStatus | null = null;
    try {
      const response = await fetch(`/api/paypal/subscription?id=${encodeURIComponent(data.subscriptionID ?? "")}`, { credentials: "include" });
      result = response.ok ? ((await response.json()) as SubscriptionStatus) : null;
    } catch (error) {
      console.error("PayPal subscription check failed", error);
    }
    if (result?.active) {
      setState({ name: "succeeded" });
      toast({ title: successTitle(variant), description: "Billed monthly through PayPal. Taking you to your alerts dashboard...", variant: "success" });
      redirectTimer.current = setTimeout(() => router.push("/alerts"), variant.redirectDelayMs);
    } else if (result?.status === "approval_pending") {
      setState({ name: "pending" });
    } else {
      setState({ name: "failed" });
      toast({ title: "Payment Failed", description: WALLET_FAILED, variant: "destructive" });
    }
  }

  async function onApprove(data: OnApproveData): Promise<void> {
    setState({ name: "capturing" });
    let result: CaptureResponse | null = null;
    try {
      result = await postJson<CaptureResponse>(`/api/paypal/order/${encodeURIComponent(data.orderID)}/capture`);
    } catch (error) {
      console.error("PayPal capture failed", error);
    }
    if (result?.status === "PENDING") {
      // PayPal is still reviewing the payment: not a failure; access follows its webhook.
      setState({ name: "pending" });
      return;
    }
    if (result?.status !== "COMPLETED") {
      setState({ name: "failed" });
      toast({ title: "Payment Failed", description: WALLET_FAILED, variant: "destructive" });
      return;
    }
    succeed(data.orderID);
  }

  if (isRejected) {
    return (
      <div className="grid gap-4" data-testid="wallet-unavailable">
        <Notice tone="warning" title={WALLET_UNAVAILABLE}>
          <Instead variantId={variantId} cardPath={null} fallback={Boolean(fallback)} />
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
          {state.name === "pending" ? (
            <p
              ref={resultHeading}
              tabIndex={-1}
              className="rounded-md border border-blue-300 bg-blue-50 p-3 text-sm font-medium text-blue-950 focus:outline-none"
              data-testid="wallet-pending"
            >
              Payment pending: PayPal is still processing it. Your plan starts as soon as PayPal confirms, and we email you.
            </p>
          ) : null}
          {planId && state.name !== "pending" ? (
            <div className="grid gap-1.5">
              <Label htmlFor="wallet-email">Email for your alerts and receipts</Label>
              <Input
                id="wallet-email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  emailRef.current = e.target.value;
                }}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? "wallet-email-error" : undefined}
                data-testid="wallet-email"
              />
              {emailError ? (
                <p id="wallet-email-error" role="alert" className="text-sm text-red-800">
                  {emailError}
                </p>
              ) : null}
            </div>
          ) : null}
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
              {...(planId ? { createSubscription, onApprove: onApproveSubscription } : { createOrder, onApprove })}
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

/** What works instead of the wallet, said once inside the wallet's notice (docs/experience.md "Checkout: no dead ends"). */
function Instead({ variantId, cardPath, fallback }: { variantId: CheckoutVariantId; cardPath: string | null; fallback: boolean }) {
  const variant = CHECKOUT_VARIANTS[variantId];
  if (variant.cardElement) return <p>Please pay by card below, or try again later.</p>;
  const card = variant.cardAlternative ?? cardPath;
  const apps = fallback ? " or with one of the apps below" : "";
  if (card) {
    return (
      <p>
        You can subscribe to the same plan by card:{" "}
        <Link href={card} className="font-semibold underline underline-offset-4" data-testid="wallet-card-checkout">
          pay by card instead
        </Link>
        {apps ? `, ${apps.trim()}` : ""}.
      </p>
    );
  }
  return fallback ? <p>You can still pay with one of the apps below.</p> : <p>Please try again later.</p>;
}
